// The newsletter (spec account-and-dashboard §2, §4, §5, §8, §9 for the
// sign-up; workouts-and-admin §3-§9 for writing and states): rules, French
// messages, timings and the sending constants. Pure, and without zod (the
// form's schema is in newsletter-schema.ts). What the home page's newsletter
// block needs lives in newsletter-signup.ts, re-exported here: the block
// loads that much, not the admin's rules and dates.

import { isLooseEmail } from "./account";
import { looksLikeNewsletterEmail, NEWSLETTER_EMAIL_MAX_LENGTH } from "./newsletter-signup";

export * from "./newsletter-signup";

/** How the scheduled sending runs (the spec only says "scheduled": ours). */
export const NEWSLETTER_SENDING = {
  /** Every app process looks for a due newsletter this often: it goes out within a minute of its time. */
  pollIntervalMs: 5_000,
  /** A sender's hold on a newsletter; renewed after each page of recipients. */
  leaseMs: 60_000,
  /** Recipients read, and mails queued, per page. */
  pageSize: 100,
  /** A newsletter claimed this many times without finishing (crashed senders) fails for good. */
  maxAttempts: 3,
} as const;

/** Pending subscriptions (never confirmed) are deleted after this many days. */
export const PENDING_SUBSCRIPTION_RETENTION_DAYS = 30;

/** Sign-ups per client address and window, and confirmation mails per address and day (ours). */
export const NEWSLETTER_RATE_LIMITS = {
  perClient: { points: 10, windowSeconds: 15 * 60 },
  confirmationMailsPerEmail: { points: 3, windowSeconds: 24 * 60 * 60 },
} as const;

/**
 * The server's rule: the spec's one, plus a length cap and a domain with a
 * dot, so no confirmation mail goes to an address that cannot exist.
 * Returns the address lowercased and trimmed, or null.
 */
export function parseNewsletterEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  if (!looksLikeNewsletterEmail(email) || email.length > NEWSLETTER_EMAIL_MAX_LENGTH) return null;
  return isLooseEmail(email) ? email : null;
}

// ------------------------------------------------------------------ writing

export const NEWSLETTER_STATUSES = ["draft", "scheduled", "sending", "sent", "failed"] as const;
export type NewsletterStatusValue = (typeof NEWSLETTER_STATUSES)[number];
/** What the form offers. */
export const NEWSLETTER_FORM_STATUSES = ["draft", "scheduled"] as const;

/** A newsletter that is sending or sent can be neither edited nor deleted. */
export function isNewsletterLocked(status: NewsletterStatusValue): boolean {
  return status === "sending" || status === "sent";
}

export const NEWSLETTER_LIMITS = { title: 150, subject: 200, content: 200_000 } as const;

/**
 * The newsletter screen's form body: room for a 200,000-character content
 * percent-encoded (up to 9 bytes for a character outside ASCII) and the other
 * fields. Every other form gets the server's 64 KB.
 */
export const NEWSLETTER_FORM_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** Newsletters listed in the admin area. */
export const NEWSLETTER_LIST_LIMIT = 100;

/** Exact texts of the spec (successes, save and delete errors, session); the field rules are ours. */
export const NEWSLETTER_ADMIN_MESSAGES = {
  created: "Newsletter créée !",
  updated: "Newsletter mise à jour !",
  deleted: "Newsletter supprimée !",
  saveError: "Erreur lors de la sauvegarde",
  deleteError: "Erreur lors de la suppression",
  sessionExpired: "Session expirée ou accès refusé",
  sentLocked: "Une newsletter envoyée ne peut être ni modifiée ni supprimée.",
  sendingLocked: "Cette newsletter est en cours d'envoi : elle ne peut être ni modifiée ni supprimée.",
  notFound: "Newsletter introuvable.",
  titleRequired: "Le titre est requis.",
  titleTooLong: `Le titre est trop long (${NEWSLETTER_LIMITS.title} caractères maximum).`,
  subjectRequired: "L'objet est requis.",
  subjectTooLong: `L'objet est trop long (${NEWSLETTER_LIMITS.subject} caractères maximum).`,
  contentRequired: "Le contenu est requis.",
  contentTooLong: `Le contenu est trop long (${new Intl.NumberFormat("fr-FR").format(NEWSLETTER_LIMITS.content)} caractères maximum).`,
  dateRequired: "La date d'envoi est requise.",
  dateInvalid: "Date d'envoi invalide.",
  statusInvalid: "Statut invalide : brouillon ou programmée.",
} as const;

export type NewsletterAdminMessageKey = keyof typeof NEWSLETTER_ADMIN_MESSAGES;
export type NewsletterAdminMessages = Record<NewsletterAdminMessageKey, string>;

/** Dates typed in the admin form are wall-clock times of the product's home. */
export const NEWSLETTER_TIME_ZONE = "Europe/Paris";

const wallTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const isoWithZonePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Milliseconds to add to UTC to get the wall time of timeZone at that instant. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    value("year"),
    value("month") - 1,
    value("day"),
    value("hour"),
    value("minute"),
    value("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a datetime-local value ("2026-05-01T09:30") means in timeZone.
 * A time skipped by a daylight-saving change moves forward by the change.
 */
export function wallTimeToDate(value: string, timeZone: string = NEWSLETTER_TIME_ZONE): Date | null {
  const match = wallTimePattern.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second = "0"] = match.slice(1).map((part) => part ?? "0") as string[];
  const asUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(asUtc);
  // Rejects 2026-02-30 and 25:00, which Date.UTC would roll over.
  if (
    check.getUTCFullYear() !== Number(year) ||
    check.getUTCMonth() !== Number(month) - 1 ||
    check.getUTCDate() !== Number(day) ||
    check.getUTCHours() !== Number(hour)
  ) {
    return null;
  }
  const firstGuess = asUtc - zoneOffsetMs(asUtc, timeZone);
  return new Date(asUtc - zoneOffsetMs(firstGuess, timeZone));
}

/** The datetime-local value ("2026-05-01T09:30") of an instant in timeZone. */
export function dateToWallTime(date: Date, timeZone: string = NEWSLETTER_TIME_ZONE): string {
  const local = new Date(date.getTime() + zoneOffsetMs(date.getTime(), timeZone));
  return local.toISOString().slice(0, 16);
}

/** An ISO 8601 instant with its offset (API clients), or a datetime-local wall time of Paris (the form). */
export function parseScheduledDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text.length > 40) return null;
  if (isoWithZonePattern.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return wallTimeToDate(text);
}
