import type { RouterContextProvider } from "react-router";
import { type AppServices, getServices } from "~/context.server";
import {
  deletionProblem,
  EMAIL_CHANGE_TTL_MS,
  emailChangeProblem,
  type MyAccountMessage,
  type NewsletterState,
  passwordChangeProblem,
  passwordInput,
  PASSWORD_CHECK_LIMITS,
} from "~/domain/my-account";
import { renderMail } from "~/services/mail/templates.server";
import { DuplicateKeyError, type UserRecord } from "~/store/types";
import { removeMailFilesTo } from "~/services/mail/mail-files.server";
import { mayMailRecipient } from "~/services/mail/recipient-quota.server";
import { allowMailRequest, cancelPendingEmailChange, displayName, forgotPasswordLink } from "./auth/accounts.server";
import { HashingBusyError, hashPassword, verifyPassword } from "./auth/passwords.server";
import { type CurrentUser, endAllSessions } from "./auth/session.server";
import { hashToken, newToken } from "./auth/tokens.server";
import { forgetApprovedReviews } from "./reviews.server";

// The use cases of "My account": the page's actions (/mon-compte) and their
// /api/me twins call these, so the two never answer differently. Each
// answers with a message key of MY_ACCOUNT_MESSAGES; the route translates it.

type Context = Readonly<RouterContextProvider>;

export interface Done {
  ok: true;
  message: MyAccountMessage;
}

export interface Refused<Field extends string = string> {
  ok: false;
  status: 400 | 403 | 409 | 429 | 503;
  message: MyAccountMessage;
  /** The form field the refusal is about, when it is about one. */
  field?: Field;
  /** For 429 and 503: when to try again (the Retry-After header). */
  retryAfterSeconds?: number;
}

// Kept in the store, so every app process sharing a MongoDB shares one budget.
const PASSWORD_CHECKS = {
  keyPrefix: "account-password",
  points: PASSWORD_CHECK_LIMITS.failuresPerAccount,
  durationSeconds: PASSWORD_CHECK_LIMITS.windowSeconds,
};

function refused<Field extends string>(
  status: Refused["status"],
  message: MyAccountMessage,
  field?: Field,
): Refused<Field> {
  return { ok: false, status, message, ...(field ? { field } : {}) };
}

function tooMany(msBeforeNext: number): Refused<never> {
  return {
    ok: false,
    status: 429,
    message: { key: "tooManyAttempts", values: { count: Math.max(1, Math.ceil(msBeforeNext / 60_000)) } },
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

function busy(error: HashingBusyError): Refused<never> {
  return { ok: false, status: 503, message: { key: "busy" }, retryAfterSeconds: error.retryAfterSeconds };
}

/**
 * The account's own password, asked again before a sensitive change. Wrong
 * tries are counted per account before the check (parallel guesses cannot
 * slip under the limit); a right one gives its point back.
 */
async function confirmPassword(
  services: AppServices,
  user: UserRecord,
  password: string,
): Promise<Refused<"password" | "currentPassword"> | null> {
  const limiter = services.store.rateLimiter(PASSWORD_CHECKS);
  const counted = await limiter.consume(user.id);
  if (!counted.allowed) return tooMany(counted.msBeforeNext);
  let matches: boolean;
  try {
    matches = await verifyPassword(password, user.passwordHash);
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    await limiter.reward(user.id);
    return busy(error);
  }
  if (!matches) return refused(403, { key: "wrongPassword" });
  await limiter.reward(user.id);
  return null;
}

// ---------------------------------------------------------------- password

/**
 * Sets a new password once the current one is confirmed. Every other
 * session of the account ends (the one asking stays), reset links still
 * out stop working, and the owner is told by mail, with the way to take the
 * account back if it was not them.
 */
export async function changePassword(
  context: Context,
  current: CurrentUser,
  input: { currentPassword?: unknown; newPassword?: unknown; confirmation?: unknown },
): Promise<Done | Refused<"currentPassword" | "newPassword" | "confirmation">> {
  const problem = passwordChangeProblem(input);
  if (problem) return refused(400, { key: problem.key }, problem.field);
  const services = getServices(context);
  const { user } = current;
  const wrong = await confirmPassword(services, user, passwordInput(input.currentPassword));
  if (wrong) return { ...wrong, field: wrong.status === 403 ? "currentPassword" : undefined };

  let passwordHash: string;
  try {
    passwordHash = await hashPassword(passwordInput(input.newPassword));
  } catch (error) {
    if (error instanceof HashingBusyError) return busy(error);
    throw error;
  }
  await services.store.users.update(user.id, { passwordHash });
  await services.store.sessions.deleteAllForUserExcept(user.id, current.session.id);
  await services.store.verifications.deleteForUser(user.id, "reset");
  const cancelled = await cancelPendingEmailChange(services, user.id);
  await services.mailer.queue(
    renderMail("passwordChanged", {
      to: user.email,
      locale: user.locale,
      link: forgotPasswordLink(services),
      name: displayName(user),
      userId: user.id,
      notes: cancelled ? [cancelled] : [],
    }),
  );
  return { ok: true, message: { key: "passwordChanged" } };
}

// ---------------------------------------------------------------- e-mail address

/**
 * Asks for a new address. Only the link sent to it makes it the account's
 * address; the current address is told at once, with the way to stop it.
 * An address that belongs to another account gets the same answer after
 * the same work (its owner is told by mail instead of getting a link), so
 * the form does not reveal who is registered: the sign-up rule.
 */
export async function requestEmailChange(
  context: Context,
  current: CurrentUser,
  input: { email?: unknown; password?: unknown },
  options: { clientAddress: string },
): Promise<Done | Refused<"email" | "password">> {
  const { user } = current;
  const checked = emailChangeProblem(input, user.email);
  if (!checked.ok) return refused(400, { key: checked.key }, checked.field);
  const services = getServices(context);
  const wrong = await confirmPassword(services, user, passwordInput(input.password));
  if (wrong) return { ...wrong, field: wrong.status === 403 ? "password" : undefined };
  const newEmail = checked.email;
  const limited = await allowMailRequest(services, options.clientAddress, newEmail);
  if (limited) return tooMany((limited.retryAfterSeconds ?? 60) * 1000);

  const owner = await services.store.users.findByEmail(newEmail);
  if (owner) {
    // Past its cap the owner is not told again; the answer stays the same.
    if (await mayMailRecipient(services.store, "email-in-use", owner.email)) {
      await services.mailer.queue(
        renderMail("emailInUse", {
          to: owner.email,
          locale: owner.locale,
          link: services.config.appUrl,
          name: displayName(owner),
          userId: owner.id,
        }),
      );
    }
  } else {
    const token = newToken();
    await services.store.emailChanges.request({
      userId: user.id,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
    await services.mailer.queue(
      renderMail("emailChangeConfirm", {
        to: newEmail,
        locale: user.locale,
        link: `${services.config.appUrl}/mon-compte/email?token=${encodeURIComponent(token)}`,
        name: displayName(user),
        userId: user.id,
      }),
    );
  }
  await services.mailer.queue(
    renderMail("emailChangeNotice", {
      to: user.email,
      locale: user.locale,
      link: forgotPasswordLink(services),
      name: displayName(user),
      values: { newEmail },
      userId: user.id,
    }),
  );
  return { ok: true, message: { key: "emailChangeSent", values: { email: newEmail } } };
}

/** Drops the pending change: its link stops working. */
export async function cancelEmailChange(context: Context, current: CurrentUser): Promise<Done> {
  await getServices(context).store.emailChanges.cancelForUser(current.user.id);
  return { ok: true, message: { key: "emailChangeCancelled" } };
}

/**
 * The link of the confirmation mail: the token is the proof (no session
 * needed), spent once. The address becomes the account's, verified, and a
 * confirmed newsletter subscription follows it.
 */
export async function confirmEmailChange(context: Context, tokenInput: unknown): Promise<Done | Refused> {
  const token = typeof tokenInput === "string" ? tokenInput.trim() : "";
  // Our tokens are 43 base64url characters; anything far longer is not one.
  if (!token || token.length > 128) return refused(400, { key: "emailChangeLinkInvalid" });
  const services = getServices(context);
  const { store } = services;
  const change = await store.emailChanges.consume(hashToken(token));
  const user = change && (await store.users.findById(change.userId));
  if (!change || !user) return refused(400, { key: "emailChangeLinkInvalid" });
  try {
    await store.users.update(user.id, { email: change.newEmail, emailVerifiedAt: new Date() });
  } catch (error) {
    // Taken since the request (a sign-up in between): the link proved the
    // mailbox, so saying so reveals nothing its owner does not know.
    if (error instanceof DuplicateKeyError) return refused(409, { key: "emailTaken" });
    throw error;
  }
  await moveNewsletterSubscription(services, user, change.newEmail);
  return { ok: true, message: { key: "emailChanged", values: { email: change.newEmail } } };
}

/** A confirmed subscription follows the account to its new (proven) address; a pending one stays behind to lapse. */
async function moveNewsletterSubscription(services: AppServices, user: UserRecord, newEmail: string) {
  const subscribers = services.store.newsletterSubscribers;
  const subscription = await subscribers.findByEmail(user.email);
  if (!subscription?.confirmedAt) return;
  await subscribers.subscribe({
    email: newEmail,
    locale: subscription.locale,
    confirmTokenHash: null,
    confirmWithAccount: true,
  });
  await subscribers.confirmWithAccount(newEmail);
  await subscribers.unsubscribe(user.email);
}

// ---------------------------------------------------------------- newsletter

export async function newsletterState(services: AppServices, user: UserRecord): Promise<NewsletterState> {
  const subscription = await services.store.newsletterSubscribers.findByEmail(user.email);
  if (!subscription) return "none";
  return subscription.confirmedAt ? "subscribed" : "pending";
}

/**
 * One click either way. Signing in needs a verified address, so a
 * subscription from here is confirmed at once (no confirmation mail), a
 * pending one included.
 */
export async function setNewsletterSubscription(
  context: Context,
  current: CurrentUser,
  subscribed: boolean,
): Promise<Done> {
  const { store } = getServices(context);
  const { user } = current;
  if (!subscribed) {
    await store.newsletterSubscribers.unsubscribe(user.email);
    return { ok: true, message: { key: "newsletterUnsubscribed" } };
  }
  await store.newsletterSubscribers.subscribe({
    email: user.email,
    locale: user.locale,
    confirmTokenHash: null,
    confirmWithAccount: true,
  });
  if (user.emailVerifiedAt) await store.newsletterSubscribers.confirmWithAccount(user.email);
  return { ok: true, message: { key: "newsletterSubscribed" } };
}

// ---------------------------------------------------------------- sessions

/** Ends every session of the account, the one asking included. */
export async function logOutEverywhere(context: Context, current: CurrentUser): Promise<Done> {
  const services = getServices(context);
  const { user } = current;
  await endAllSessions(context, user.id);
  // Told by mail only when it also stopped an address change.
  const cancelled = await cancelPendingEmailChange(services, user.id);
  if (cancelled) {
    await services.mailer.queue(
      renderMail("loggedOutEverywhere", {
        to: user.email,
        locale: user.locale,
        link: forgotPasswordLink(services),
        name: displayName(user),
        userId: user.id,
        notes: [cancelled],
      }),
    );
  }
  return { ok: true, message: { key: "loggedOutEverywhere" } };
}

// ---------------------------------------------------------------- deletion

/**
 * Deletes the account once its password is confirmed: the store removes it
 * with everything stored for it (sessions, tokens, history, reviews,
 * newsletter subscription, mails waiting for it, and the mail files written
 * for it without SMTP), then one last mail says so. The pseudo and the address are free again; contact messages stay for
 * their retention.
 */
export async function deleteAccount(
  context: Context,
  current: CurrentUser,
  input: { password?: unknown; confirm?: unknown },
  options: { confirmationAsked: boolean },
): Promise<Done | Refused<"password" | "confirm">> {
  const problem = deletionProblem(input, options);
  if (problem) return refused(400, { key: problem.key }, problem.field);
  const services = getServices(context);
  const { user } = current;
  const wrong = await confirmPassword(services, user, passwordInput(input.password));
  if (wrong) return { ...wrong, field: wrong.status === 403 ? "password" : undefined };

  const pendingChange = await services.store.emailChanges.findPendingForUser(user.id);
  await services.store.accounts.erase(user.id);
  // Their reviews went with the account.
  forgetApprovedReviews(services.store);
  await services.store.rateLimiter(PASSWORD_CHECKS).delete(user.id);
  // Without SMTP the mails were written as files: those of this account go too.
  if (!services.config.smtpUrl) {
    await removeMailFilesTo(services.config.mailDir, [user.email, ...(pendingChange ? [pendingChange.newEmail] : [])]);
  }
  // Not tagged with the account: it is gone, and this mail must still leave.
  await services.mailer.queue(
    renderMail("accountDeleted", { to: user.email, locale: user.locale, name: displayName(user) }),
  );
  return { ok: true, message: { key: "accountDeleted" } };
}

// ---------------------------------------------------------------- the page

/** What /mon-compte shows: who you are, a pending address change, the newsletter. */
export async function accountOverview(context: Context, current: CurrentUser) {
  const services = getServices(context);
  const { user } = current;
  const [pendingChange, newsletter] = await Promise.all([
    services.store.emailChanges.findPendingForUser(user.id),
    newsletterState(services, user),
  ]);
  return {
    pseudo: user.pseudo,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    memberSince: user.createdAt.toISOString(),
    photo: user.photo,
    pendingEmail: pendingChange
      ? { email: pendingChange.newEmail, expiresAt: pendingChange.expiresAt.toISOString() }
      : null,
    newsletter,
  };
}
export type AccountOverview = Awaited<ReturnType<typeof accountOverview>>;
