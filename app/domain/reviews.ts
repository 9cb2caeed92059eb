// User reviews (spec public-pages §2-§9, workouts-and-admin §4, §8): the
// rules of a review, their French messages and the timings. Pure: the same
// rules run in the review dialog, the /avis/nouveau action and (through
// reviews-schema.ts, which the browser never loads) POST /api/reviews/users.

import { withoutControlCharacters } from "./text";

export const REVIEW_LIMITS = {
  commentMin: 10,
  commentMax: 500,
  ratingMin: 1,
  ratingMax: 5,
  /** The draft's rating starts at 5 stars. */
  defaultRating: 5,
} as const;

/** Reviews shown on the home page and by GET /api/reviews/users; the moderation list shows more. */
export const REVIEW_LIST_LIMITS = { approved: 30, moderation: 200 } as const;

/** Reviews a user may send per window (the spec is silent: ours). */
export const REVIEW_RATE_LIMIT = { points: 5, windowSeconds: 60 * 60 } as const;

export const REVIEW_TIMINGS = {
  /** After the moderation notice, the review dialog closes. */
  closeAfterMs: 3000,
} as const;

/**
 * French texts. Those of the spec are exact (success, sendError,
 * networkError); the rule texts are ours. locales/fr/community.json repeats
 * them under `reviews.errors` and a unit test keeps the two equal.
 */
export const REVIEW_MESSAGES = {
  commentRequired: "Écris ton avis.",
  commentTooShort: `Ton avis doit faire au moins ${REVIEW_LIMITS.commentMin} caractères.`,
  commentTooLong: `Ton avis ne doit pas dépasser ${REVIEW_LIMITS.commentMax} caractères.`,
  ratingInvalid: "Choisis une note de 1 à 5 étoiles.",
  success: "Avis soumis avec succès ! Il sera publié après modération.",
  sendError: "Erreur lors de l'envoi",
  networkError: "Erreur lors de l'envoi de l'avis",
  notSignedIn: "Connecte-toi pour laisser un avis.",
  tooManyRequests: "Tu as déjà envoyé plusieurs avis. Réessaie dans une heure.",
} as const;

export type ReviewMessageKey = keyof typeof REVIEW_MESSAGES;
export type ReviewMessages = Record<ReviewMessageKey, string>;

/** The admin's moderation texts (workouts-and-admin §8), exact; notFound is ours. */
export const REVIEW_ADMIN_MESSAGES = {
  approved: "Avis approuvé !",
  deleted: "Avis supprimé !",
  error: "Erreur",
  approveError: "Erreur lors de l'approbation",
  deleteError: "Erreur lors de la suppression",
  notFound: "Avis introuvable.",
} as const;

/** A comment as it is stored: plain text, trimmed, Unix line ends; anything but a string is empty. */
export function normalizeComment(value: unknown): string {
  return typeof value === "string" ? withoutControlCharacters(value).replace(/\r\n?/g, "\n").trim() : "";
}

/** Length as the counter shows it (UTF-16 units, like the browser's maxlength). */
export function commentLength(value: string): number {
  return normalizeComment(value).length;
}

/** A whole number of stars from 1 to 5, from a form ("4") or JSON (4); null otherwise. */
export function parseRating(value: unknown): number | null {
  const number = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" &&
    Number.isInteger(number) &&
    number >= REVIEW_LIMITS.ratingMin &&
    number <= REVIEW_LIMITS.ratingMax
    ? number
    : null;
}

/** The review a signed-in user sends: the name comes from the account, whatever the body says. */
export interface ReviewInput {
  rating: number;
  comment: string;
}

/** Each failing field with the key of its message in REVIEW_MESSAGES. */
export type ReviewFieldErrors = { rating?: ReviewMessageKey; comment?: ReviewMessageKey };

export type ReviewValidation = { ok: true; value: ReviewInput } | { ok: false; errors: ReviewFieldErrors };

/**
 * Only rating and comment are read; a body that is not an object reads as
 * an empty one. The comment is counted once normalized (trimmed).
 */
export function validateReview(raw: unknown): ReviewValidation {
  const body = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const rating = parseRating(body["rating"]);
  const comment = normalizeComment(body["comment"]);
  const errors: ReviewFieldErrors = {};
  if (rating === null) errors.rating = "ratingInvalid";
  if (comment.length === 0) errors.comment = "commentRequired";
  else if (comment.length < REVIEW_LIMITS.commentMin) errors.comment = "commentTooShort";
  else if (comment.length > REVIEW_LIMITS.commentMax) errors.comment = "commentTooLong";
  if (rating === null || errors.comment) return { ok: false, errors };
  return { ok: true, value: { rating, comment } };
}
