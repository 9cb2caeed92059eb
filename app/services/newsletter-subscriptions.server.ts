import type { AppServices } from "~/context.server";
import { NEWSLETTER_RATE_LIMITS, parseNewsletterEmail } from "~/domain/newsletter";
import { hashToken, newToken } from "./auth/tokens.server";
import { subscriberIdOfToken } from "./newsletter-unsubscribe.server";
import { renderConfirmationMail } from "./newsletter-mail.server";

// Subscribing (double opt-in), confirming and unsubscribing. The site
// section's form, POST /api/newsletter/subscribe, the sign-up box and the
// mails' links all go through these.

// Kept in the store, so every app process sharing a MongoDB shares one budget.
const SUBSCRIBE_LIMITS = {
  perClient: {
    keyPrefix: "newsletter-client",
    points: NEWSLETTER_RATE_LIMITS.perClient.points,
    durationSeconds: NEWSLETTER_RATE_LIMITS.perClient.windowSeconds,
  },
  confirmationMails: {
    keyPrefix: "newsletter-mail",
    points: NEWSLETTER_RATE_LIMITS.confirmationMailsPerEmail.points,
    durationSeconds: NEWSLETTER_RATE_LIMITS.confirmationMailsPerEmail.windowSeconds,
  },
} as const;

export type SubscribeOutcome =
  | { ok: true }
  | { ok: false; status: 400; code: "emailInvalid" }
  | { ok: false; status: 429; code: "tooManyRequests"; retryAfterSeconds: number };

/**
 * The same answer whether the address is new, pending or already confirmed,
 * so the form never tells who subscribed. A new or pending address gets a
 * confirmation mail (at most a few a day per address, so nobody can flood a
 * mailbox through the form); a confirmed one gets nothing.
 */
export async function subscribeToNewsletter(
  services: AppServices,
  emailInput: unknown,
  request: { locale: string; clientAddress: string },
): Promise<SubscribeOutcome> {
  const email = parseNewsletterEmail(emailInput);
  if (email === null) return { ok: false, status: 400, code: "emailInvalid" };
  const { store } = services;
  const perClient = await store.rateLimiter(SUBSCRIBE_LIMITS.perClient).consume(request.clientAddress);
  if (!perClient.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(perClient.msBeforeNext / 1000));
    return { ok: false, status: 429, code: "tooManyRequests", retryAfterSeconds };
  }

  const known = await store.newsletterSubscribers.findByEmail(email);
  if (known?.confirmedAt) return { ok: true };
  if (!(await store.rateLimiter(SUBSCRIBE_LIMITS.confirmationMails).consume(email)).allowed) return { ok: true };

  const token = newToken();
  const { subscriber, created } = await store.newsletterSubscribers.subscribe({
    email,
    locale: request.locale,
    confirmTokenHash: hashToken(token),
    confirmWithAccount: false,
  });
  if (subscriber.confirmedAt) return { ok: true };
  if (!created && !(await store.newsletterSubscribers.replaceConfirmToken(email, hashToken(token)))) {
    return { ok: true };
  }
  const link = `${services.config.appUrl}/newsletter/confirmer?token=${encodeURIComponent(token)}`;
  await services.mailer.queue(renderConfirmationMail({ to: email, locale: subscriber.locale, link }));
  return { ok: true };
}

/** The newsletter box ticked at sign-up: pending until the account's address is verified (no second mail). */
export async function subscribeFromSignup(services: AppServices, email: string, locale: string): Promise<void> {
  await services.store.newsletterSubscribers.subscribe({
    email,
    locale,
    confirmTokenHash: null,
    confirmWithAccount: true,
  });
}

/** Called once an account's address is verified: that mail proves the address, so the box ticked at sign-up counts. */
export async function confirmSignupSubscription(services: AppServices, email: string): Promise<void> {
  await services.store.newsletterSubscribers.confirmWithAccount(email);
}

export type TokenOutcome = { ok: true } | { ok: false; code: "noToken" | "unknownToken" };

function tokenOf(input: unknown): string | null {
  const token = typeof input === "string" ? input.trim() : "";
  // Our tokens are 43 to 68 characters; anything far longer is not one.
  return token && token.length <= 128 ? token : null;
}

/** The confirmation mail's link. */
export async function confirmSubscription(services: AppServices, tokenInput: unknown): Promise<TokenOutcome> {
  const token = tokenOf(tokenInput);
  if (token === null) return { ok: false, code: "noToken" };
  const confirmed = await services.store.newsletterSubscribers.confirmByToken(hashToken(token));
  return confirmed ? { ok: true } : { ok: false, code: "unknownToken" };
}

/**
 * The newsletters' unsubscribe link; no account needed, the token is the
 * proof: signed by this server (newsletter-unsubscribe.server.ts), or a
 * random token of an earlier version, found by its hash.
 */
export async function unsubscribeWithToken(services: AppServices, tokenInput: unknown): Promise<TokenOutcome> {
  const token = tokenOf(tokenInput);
  if (token === null) return { ok: false, code: "noToken" };
  const subscribers = services.store.newsletterSubscribers;
  const subscriberId = subscriberIdOfToken(services.config.sessionSecret, token);
  const removed =
    subscriberId === null
      ? await subscribers.unsubscribeByLegacyTokenHash(hashToken(token))
      : await subscribers.unsubscribeById(subscriberId);
  return removed ? { ok: true } : { ok: false, code: "unknownToken" };
}
