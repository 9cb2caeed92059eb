import type { RouterContextProvider } from "react-router";
import { type AppServices, getServices } from "~/context.server";
import {
  type AccountMessage,
  accountMessage,
  EMAIL_NOT_VERIFIED_CODE,
  EMAIL_VERIFICATION_TTL_MS,
  forgotEmail,
  isChecked,
  LOGIN_LIMITS,
  LOGIN_SLOWDOWN,
  loginDelayMs,
  SIGN_IN_START_CHECK_WITHIN_MS,
  loginValues,
  MAIL_REQUEST_LIMITS,
  PASSWORD_RESET_TTL_MS,
  resetErrors,
  type SignupInput,
  signupErrors,
  signupValues,
} from "~/domain/account";
import { mayMailRecipient } from "~/services/mail/recipient-quota.server";
import { type MailNote, renderMail } from "~/services/mail/templates.server";
import { confirmSignupSubscription, subscribeFromSignup } from "~/services/newsletter-subscriptions.server";
import { DuplicateKeyError, type Store, type UserRecord, type VerificationPurpose } from "~/store/types";
import { HashingBusyError, hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.server";
import { endAllSessions, type StartedSession, startSession } from "./session.server";
import { hashToken, newToken } from "./tokens.server";

// The account use cases, shared by the dialog's page actions and the /api
// routes so the two can never answer differently.

/** A use case's answer speaks in message keys: pages translate them, the JSON API answers their French text. */
export type Failure = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 429 | 503;
  message: AccountMessage;
  code?: string;
  /** For 429 and 503: when to try again (the Retry-After header). */
  retryAfterSeconds?: number;
};
type Context = Readonly<RouterContextProvider>;

// Kept in the store, so every app process sharing a MongoDB shares one budget.
const windowSeconds = LOGIN_LIMITS.windowSeconds;
const RATE_LIMITS = {
  loginPair: {
    keyPrefix: "login-pair",
    points: LOGIN_LIMITS.failuresPerIdentifierAndAddress,
    durationSeconds: windowSeconds,
  },
  loginAddress: { keyPrefix: "login-address", points: LOGIN_LIMITS.failuresPerAddress, durationSeconds: windowSeconds },
  // Only counted, never refused: the count sets the identifier's slowdown.
  loginIdentifier: { keyPrefix: "login-identifier", points: 1_000_000, durationSeconds: windowSeconds },
  mailRequests: {
    keyPrefix: "mail-requests",
    points: MAIL_REQUEST_LIMITS.perAddress,
    durationSeconds: MAIL_REQUEST_LIMITS.windowSeconds,
  },
  mailRequestsPerRecipient: {
    keyPrefix: "mail-requests-to",
    points: MAIL_REQUEST_LIMITS.perAddressAndRecipient,
    durationSeconds: MAIL_REQUEST_LIMITS.windowSeconds,
  },
} as const;

function limiter(store: Store, name: keyof typeof RATE_LIMITS) {
  return store.rateLimiter(RATE_LIMITS[name]);
}

function tooMany(msBeforeNext: number): Failure {
  return {
    ok: false,
    status: 429,
    code: "RATE_LIMITED",
    message: { key: "tooManyAttempts", values: { count: Math.max(1, Math.ceil(msBeforeNext / 60_000)) } },
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

function busy(error: HashingBusyError): Failure {
  return {
    ok: false,
    status: 503,
    code: "BUSY",
    message: accountMessage("busy"),
    retryAfterSeconds: error.retryAfterSeconds,
  };
}

/**
 * Runs a use case that hashes a password. When the hashing queue is full the
 * answer is a 503 with Retry-After: the server is busy, nothing was done.
 */
async function withHashing<Result>(run: () => Promise<Result>): Promise<Result | Failure> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HashingBusyError) return busy(error);
    throw error;
  }
}

/**
 * Consumes one mail-sending request of that client address for that
 * recipient; a Failure when over either limit (MAIL_REQUEST_LIMITS).
 */
export async function allowMailRequest(
  services: AppServices,
  clientAddress: string,
  recipient: string,
): Promise<Failure | null> {
  const counted = await Promise.all([
    // An address never holds a space: the pair's key cannot be forged from another pair.
    limiter(services.store, "mailRequestsPerRecipient").consume(`${clientAddress} ${recipient.toLowerCase()}`),
    limiter(services.store, "mailRequests").consume(clientAddress),
  ]);
  const refused = counted.filter((state) => !state.allowed);
  return refused.length === 0 ? null : tooMany(Math.max(...refused.map((state) => state.msBeforeNext)));
}

/**
 * Drops the account's pending e-mail change, if any: what the owner does to
 * take an account back (a new password, a reset, logging out everywhere)
 * must also stop an address change someone else may have started. The
 * note for the owner's mail, or null when nothing was pending.
 */
export async function cancelPendingEmailChange(services: AppServices, userId: string): Promise<MailNote | null> {
  const pending = await services.store.emailChanges.findPendingForUser(userId);
  if (!(await services.store.emailChanges.cancelForUser(userId)) || !pending) return null;
  return { key: "emailChangeCancelled", values: { newEmail: pending.newEmail } };
}

/** The way back in when a change was not the owner's: the dialog's forgot-password view. */
export function forgotPasswordLink(services: AppServices): string {
  return `${services.config.appUrl}/?compte=forgot`;
}

/** The name shown for an account: its display name, else its first name, else its pseudo. */
export function displayName(user: UserRecord): string {
  return user.displayName ?? user.prenom ?? user.pseudo;
}

async function issueToken(services: AppServices, user: UserRecord, purpose: VerificationPurpose, ttlMs: number) {
  await services.store.verifications.deleteForUser(user.id, purpose);
  const token = newToken();
  await services.store.verifications.create({
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

async function sendVerificationMail(services: AppServices, user: UserRecord) {
  if (!(await mayMailRecipient(services.store, "verification", user.email))) return;
  const token = await issueToken(services, user, "email", EMAIL_VERIFICATION_TTL_MS);
  const link = `${services.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await services.mailer.queue(
    renderMail("verifyEmail", { to: user.email, locale: user.locale, link, name: displayName(user) }),
  );
}

// ---------------------------------------------------------------- sign-up

export interface RegisterInput extends SignupInput {
  newsletter?: unknown;
}

/**
 * Creates an unverified account and mails a verification link. An address
 * that already has an account gets the same answer (its owner is told by
 * mail), after the same work (a password hash, an insert attempt, a mail),
 * so neither the answer nor its timing reveals who is registered. A taken
 * pseudo is said: its owner must pick another.
 */
export async function register(
  context: Context,
  input: RegisterInput,
  options: { locale: string; clientAddress: string },
): Promise<{ ok: true; message: AccountMessage } | Failure> {
  const errors = signupErrors(input);
  if (errors.length > 0) return { ok: false, status: 400, message: errors[0]!.message, code: errors[0]!.field };
  const services = getServices(context);
  const values = signupValues(input);
  const limited = await allowMailRequest(services, options.clientAddress, values.email);
  if (limited) return limited;
  const { store } = services;
  const pseudoTaken: Failure = { ok: false, status: 409, message: accountMessage("pseudoTaken"), code: "pseudo" };

  if (await store.users.findByPseudo(values.pseudo)) return pseudoTaken;
  return withHashing(async () => {
    const passwordHash = await hashPassword(values.password);
    let created: UserRecord | null = null;
    try {
      created = await store.users.create({
        pseudo: values.pseudo,
        email: values.email,
        passwordHash,
        locale: options.locale,
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      if (error.field === "pseudo") return pseudoTaken;
    }
    if (created) await sendVerificationMail(services, created);
    else await tellOwnerOfSignupAttempt(services, values.email);

    if (isChecked(input.newsletter)) {
      try {
        // Confirmed when the account's address is verified (DECISIONS: newsletter opt-in).
        await subscribeFromSignup(services, values.email, options.locale);
      } catch (error) {
        console.warn("Newsletter subscription at sign-up failed:", error);
      }
    }
    return { ok: true as const, message: accountMessage("signupSuccess") };
  });
}

async function tellOwnerOfSignupAttempt(services: AppServices, email: string) {
  const owner = await services.store.users.findByEmail(email);
  if (!owner || !(await mayMailRecipient(services.store, "already-registered", owner.email))) return;
  await services.mailer.queue(
    renderMail("alreadyRegistered", {
      to: owner.email,
      locale: owner.locale,
      link: services.config.appUrl,
      name: displayName(owner),
    }),
  );
}

/** Sends a fresh verification link to an unverified account; same neutral answer otherwise. */
export async function resendVerification(
  context: Context,
  emailInput: unknown,
  options: { clientAddress: string },
): Promise<{ ok: true; message: AccountMessage } | Failure> {
  const parsed = forgotEmail(emailInput);
  if (!parsed.ok) return { ok: false, status: 400, message: accountMessage("emailInvalid") };
  const services = getServices(context);
  const limited = await allowMailRequest(services, options.clientAddress, parsed.email);
  if (limited) return limited;
  const user = await services.store.users.findByEmailOrPseudo(parsed.email);
  if (user && !user.emailVerifiedAt) await sendVerificationMail(services, user);
  return { ok: true, message: accountMessage("verificationResent") };
}

export async function verifyEmail(
  context: Context,
  tokenInput: unknown,
): Promise<{ ok: true; message: AccountMessage } | Failure> {
  const token = typeof tokenInput === "string" ? tokenInput.trim() : "";
  if (!token) return { ok: false, status: 400, message: accountMessage("verifyNoToken") };
  const { store } = getServices(context);
  const verification = await store.verifications.findValidByTokenHash(hashToken(token), "email");
  if (!verification || !(await store.verifications.markUsed(verification.id))) {
    return { ok: false, status: 400, message: accountMessage("verifyFailed") };
  }
  const user = await store.users.update(verification.userId, { emailVerifiedAt: new Date() });
  if (user) await confirmSignupSubscription(getServices(context), user.email);
  return { ok: true, message: accountMessage("verifySuccess") };
}

// ---------------------------------------------------------------- login

export interface LoginSuccess {
  ok: true;
  user: UserRecord;
  session: StartedSession;
}

/**
 * Same message and the same work (a password check) whether the identifier
 * or the password is wrong. Failures are counted per identifier and address
 * pair (refused past its limit), per address (past its limit slowed, and a
 * wrong password refused, never the right one) and per identifier across
 * all addresses, which only slows its logins down: nobody can lock someone
 * else out (LOGIN_LIMITS).
 */
export async function login(
  context: Context,
  input: { identifier: unknown; password: unknown; remember?: unknown },
  options: { clientAddress: string },
): Promise<LoginSuccess | Failure> {
  // The slowdown and the wait for a hashing slot share one budget.
  const deadline = Date.now() + SIGN_IN_START_CHECK_WITHIN_MS;
  const parsed = loginValues(input);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const { identifier, password, remember } = parsed.value;
  const { store } = getServices(context);
  const address = options.clientAddress;
  const identifierKey = identifier.toLowerCase();
  // An address never holds a space: the pair's key cannot be forged from another pair.
  const pairKey = `${address} ${identifierKey}`;
  const [byPair, byAddress, byIdentifier] = [
    limiter(store, "loginPair"),
    limiter(store, "loginAddress"),
    limiter(store, "loginIdentifier"),
  ];

  // Counted before the check, so guesses sent in parallel cannot all slip
  // under the limits; a success (or a check that never ran) gives them back.
  const [pairState, addressState] = await Promise.all([byPair.consume(pairKey), byAddress.consume(address)]);
  if (!pairState.allowed) return tooMany(pairState.msBeforeNext);
  // An address past its limit is slowed, and refused only a wrong password
  // (below): the right one still signs in, whoever shares that address.
  const overAddressLimit = !addressState.allowed;
  const addressFailures = addressState.consumedPoints - LOGIN_LIMITS.failuresPerAddress;

  const delayMs = Math.max(
    loginDelayMs((await byIdentifier.get(identifierKey))?.consumedPoints ?? 0),
    overAddressLimit ? loginDelayMs(LOGIN_SLOWDOWN.freeFailures + addressFailures - 1) : 0,
  );
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));

  let user: UserRecord | null;
  try {
    user = await store.users.findByEmailOrPseudo(identifier);
    const matches = user
      ? await verifyPassword(password, user.passwordHash, { deadline })
      : await verifyAgainstDummy(password, { deadline });
    if (!matches) user = null;
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    await Promise.all([byPair.reward(pairKey), byAddress.reward(address)]);
    return busy(error);
  }
  if (!user) {
    await byIdentifier.consume(identifierKey);
    if (overAddressLimit) return tooMany(addressState.msBeforeNext);
    return { ok: false, status: 401, message: accountMessage("loginFailed") };
  }
  await Promise.all([byPair.delete(pairKey), byAddress.reward(address)]);
  if (!user.emailVerifiedAt) {
    return { ok: false, status: 403, message: accountMessage("emailNotVerified"), code: EMAIL_NOT_VERIFIED_CODE };
  }
  const session = await startSession(context, user.id, { remember });
  return { ok: true, user, session };
}

// ---------------------------------------------------------------- password reset

/** Always the same neutral answer; a link goes only to an existing, verified account. */
export async function forgotPassword(
  context: Context,
  emailInput: unknown,
  options: { clientAddress: string },
): Promise<{ ok: true; message: AccountMessage } | Failure> {
  const parsed = forgotEmail(emailInput);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const services = getServices(context);
  const limited = await allowMailRequest(services, options.clientAddress, parsed.email);
  if (limited) return limited;
  const user = await services.store.users.findByEmail(parsed.email);
  if (user?.emailVerifiedAt && (await mayMailRecipient(services.store, "reset", user.email))) {
    const token = await issueToken(services, user, "reset", PASSWORD_RESET_TTL_MS);
    const link = `${services.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await services.mailer.queue(
      renderMail("resetPassword", { to: user.email, locale: user.locale, link, name: displayName(user) }),
    );
  }
  return { ok: true, message: { key: "forgotSent", values: { email: parsed.email } } };
}

/** Sets the new password and ends every session of that user. */
export async function resetPassword(
  context: Context,
  input: { token: unknown; password: unknown; confirmation?: unknown },
): Promise<{ ok: true; message: AccountMessage } | (Failure & { field?: "token" | "password" | "confirmation" })> {
  const checked = resetErrors(input);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message, field: checked.field };
  const services = getServices(context);
  const { store } = services;
  const verification = await store.verifications.findValidByTokenHash(hashToken(checked.token), "reset");
  if (!verification) return { ok: false, status: 400, message: accountMessage("resetTokenMissing"), field: "token" };
  // Hashed before the token is spent: a busy server (503) leaves the link usable.
  const passwordHash = await withHashing(() => hashPassword(checked.password));
  if (typeof passwordHash !== "string") return passwordHash;
  if (!(await store.verifications.markUsed(verification.id))) {
    return { ok: false, status: 400, message: accountMessage("resetTokenMissing"), field: "token" };
  }
  await store.users.update(verification.userId, {
    passwordHash,
    // Receiving the reset mail proves the address too.
    emailVerifiedAt: (await store.users.findById(verification.userId))?.emailVerifiedAt ?? new Date(),
  });
  await endAllSessions(context, verification.userId);
  // The owner took the account back: an address change someone else asked for is dropped with the sessions.
  const cancelled = await cancelPendingEmailChange(services, verification.userId);
  const user = await store.users.findById(verification.userId);
  if (cancelled && user) {
    await services.mailer.queue(
      renderMail("passwordReset", {
        to: user.email,
        locale: user.locale,
        link: forgotPasswordLink(services),
        name: displayName(user),
        userId: user.id,
        notes: [cancelled],
      }),
    );
  }
  return { ok: true, message: accountMessage("resetSuccess") };
}
