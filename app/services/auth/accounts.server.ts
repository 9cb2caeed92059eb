import { RateLimiterMemory } from "rate-limiter-flexible";
import type { RouterContextProvider } from "react-router";
import { type AppServices, getServices } from "~/context.server";
import {
  ACCOUNT_MESSAGES,
  EMAIL_NOT_VERIFIED_CODE,
  EMAIL_VERIFICATION_TTL_MS,
  forgotEmail,
  isChecked,
  LOGIN_LIMITS,
  loginValues,
  MAIL_REQUEST_LIMITS,
  PASSWORD_RESET_TTL_MS,
  resetErrors,
  type SignupInput,
  signupErrors,
  signupValues,
} from "~/domain/account";
import { renderMail } from "~/services/mail/templates.server";
import { confirmSignupSubscription, subscribeFromSignup } from "~/services/newsletter-subscriptions.server";
import { DuplicateKeyError, type UserRecord, type VerificationPurpose } from "~/store/types";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.server";
import { endAllSessions, type StartedSession, startSession } from "./session.server";
import { hashToken, newToken } from "./tokens.server";

// The account use cases, shared by the dialog's page actions and the /api
// routes so the two can never answer differently.

export type Failure = { ok: false; status: 400 | 401 | 403 | 404 | 409 | 429; message: string; code?: string };
type Context = Readonly<RouterContextProvider>;

interface Limiters {
  loginByIdentifier: RateLimiterMemory;
  loginByAddress: RateLimiterMemory;
  mailRequests: RateLimiterMemory;
}
const limitersByServices = new WeakMap<AppServices, Limiters>();
function limiters(services: AppServices): Limiters {
  let found = limitersByServices.get(services);
  if (!found) {
    found = {
      loginByIdentifier: new RateLimiterMemory({
        points: LOGIN_LIMITS.failuresPerIdentifier,
        duration: LOGIN_LIMITS.windowSeconds,
      }),
      loginByAddress: new RateLimiterMemory({
        points: LOGIN_LIMITS.failuresPerAddress,
        duration: LOGIN_LIMITS.windowSeconds,
      }),
      mailRequests: new RateLimiterMemory({
        points: MAIL_REQUEST_LIMITS.perAddress,
        duration: MAIL_REQUEST_LIMITS.windowSeconds,
      }),
    };
    limitersByServices.set(services, found);
  }
  return found;
}

function tooMany(msBeforeNext: number): Failure {
  return {
    ok: false,
    status: 429,
    code: "RATE_LIMITED",
    message: ACCOUNT_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil(msBeforeNext / 60_000))),
  };
}

/** Consumes one mail-sending request for that address; a Failure when over the limit. */
async function allowMailRequest(services: AppServices, clientAddress: string): Promise<Failure | null> {
  try {
    await limiters(services).mailRequests.consume(clientAddress);
    return null;
  } catch (state) {
    return tooMany((state as { msBeforeNext?: number }).msBeforeNext ?? 60_000);
  }
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
 * mail), so the form never reveals who is registered.
 */
export async function register(
  context: Context,
  input: RegisterInput,
  options: { locale: string; clientAddress: string },
): Promise<{ ok: true; message: string } | Failure> {
  const errors = signupErrors(input);
  if (errors.length > 0) return { ok: false, status: 400, message: errors[0]!.message, code: errors[0]!.field };
  const services = getServices(context);
  const limited = await allowMailRequest(services, options.clientAddress);
  if (limited) return limited;
  const values = signupValues(input);
  const { store } = services;

  if (await store.users.findByPseudo(values.pseudo)) {
    return { ok: false, status: 409, message: ACCOUNT_MESSAGES.pseudoTaken, code: "pseudo" };
  }
  const existing = await store.users.findByEmail(values.email);
  if (existing) {
    await services.mailer.queue(
      renderMail("alreadyRegistered", {
        to: existing.email,
        locale: existing.locale,
        link: services.config.appUrl,
        name: displayName(existing),
      }),
    );
  } else {
    let user: UserRecord;
    try {
      user = await store.users.create({
        pseudo: values.pseudo,
        email: values.email,
        passwordHash: await hashPassword(values.password),
        locale: options.locale,
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.field === "pseudo") {
        return { ok: false, status: 409, message: ACCOUNT_MESSAGES.pseudoTaken, code: "pseudo" };
      }
      if (!(error instanceof DuplicateKeyError)) throw error;
      // The same address registered a moment ago: answer as for any known address.
      return { ok: true, message: ACCOUNT_MESSAGES.signupSuccess };
    }
    await sendVerificationMail(services, user);
  }

  if (isChecked(input.newsletter)) {
    try {
      // Confirmed when the account's address is verified (DECISIONS: newsletter opt-in).
      await subscribeFromSignup(services, values.email, options.locale);
    } catch (error) {
      console.warn("Newsletter subscription at sign-up failed:", error);
    }
  }
  return { ok: true, message: ACCOUNT_MESSAGES.signupSuccess };
}

/** Sends a fresh verification link to an unverified account; same neutral answer otherwise. */
export async function resendVerification(
  context: Context,
  emailInput: unknown,
  options: { clientAddress: string },
): Promise<{ ok: true; message: string } | Failure> {
  const parsed = forgotEmail(emailInput);
  if (!parsed.ok) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.emailInvalid };
  const services = getServices(context);
  const limited = await allowMailRequest(services, options.clientAddress);
  if (limited) return limited;
  const user = await services.store.users.findByEmailOrPseudo(parsed.email);
  if (user && !user.emailVerifiedAt) await sendVerificationMail(services, user);
  return { ok: true, message: ACCOUNT_MESSAGES.verificationResent };
}

export async function verifyEmail(
  context: Context,
  tokenInput: unknown,
): Promise<{ ok: true; message: string } | Failure> {
  const token = typeof tokenInput === "string" ? tokenInput.trim() : "";
  if (!token) return { ok: false, status: 400, message: ACCOUNT_MESSAGES.verifyNoToken };
  const { store } = getServices(context);
  const verification = await store.verifications.findValidByTokenHash(hashToken(token), "email");
  if (!verification || !(await store.verifications.markUsed(verification.id))) {
    return { ok: false, status: 400, message: ACCOUNT_MESSAGES.verifyFailed };
  }
  const user = await store.users.update(verification.userId, { emailVerifiedAt: new Date() });
  if (user) await confirmSignupSubscription(getServices(context), user.email);
  return { ok: true, message: ACCOUNT_MESSAGES.verifySuccess };
}

// ---------------------------------------------------------------- login

export interface LoginSuccess {
  ok: true;
  user: UserRecord;
  session: StartedSession;
}

/**
 * Same message and the same work (a password check) whether the identifier
 * or the password is wrong; failures are throttled per identifier and per
 * client address.
 */
export async function login(
  context: Context,
  input: { identifier: unknown; password: unknown; remember?: unknown },
  options: { clientAddress: string },
): Promise<LoginSuccess | Failure> {
  const parsed = loginValues(input);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const { identifier, password, remember } = parsed.value;
  const services = getServices(context);
  const { loginByIdentifier, loginByAddress } = limiters(services);
  const identifierKey = identifier.toLowerCase();

  // Count the attempt before checking the password, so guesses sent in
  // parallel cannot all slip under the limit; a success gives it back.
  try {
    await Promise.all([loginByIdentifier.consume(identifierKey), loginByAddress.consume(options.clientAddress)]);
  } catch (state) {
    return tooMany((state as { msBeforeNext?: number }).msBeforeNext ?? LOGIN_LIMITS.windowSeconds * 1000);
  }

  const user = await services.store.users.findByEmailOrPseudo(identifier);
  const passwordMatches = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !passwordMatches) return { ok: false, status: 401, message: ACCOUNT_MESSAGES.loginFailed };
  await Promise.all([loginByIdentifier.delete(identifierKey), loginByAddress.reward(options.clientAddress, 1)]);
  if (!user.emailVerifiedAt) {
    return { ok: false, status: 403, message: ACCOUNT_MESSAGES.emailNotVerified, code: EMAIL_NOT_VERIFIED_CODE };
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
): Promise<{ ok: true; message: string } | Failure> {
  const parsed = forgotEmail(emailInput);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message };
  const services = getServices(context);
  const limited = await allowMailRequest(services, options.clientAddress);
  if (limited) return limited;
  const user = await services.store.users.findByEmail(parsed.email);
  if (user?.emailVerifiedAt) {
    const token = await issueToken(services, user, "reset", PASSWORD_RESET_TTL_MS);
    const link = `${services.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await services.mailer.queue(
      renderMail("resetPassword", { to: user.email, locale: user.locale, link, name: displayName(user) }),
    );
  }
  return { ok: true, message: ACCOUNT_MESSAGES.forgotSent(parsed.email) };
}

/** Sets the new password and ends every session of that user. */
export async function resetPassword(
  context: Context,
  input: { token: unknown; password: unknown; confirmation?: unknown },
): Promise<{ ok: true; message: string } | (Failure & { field?: "token" | "password" | "confirmation" })> {
  const checked = resetErrors(input);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message, field: checked.field };
  const { store } = getServices(context);
  const verification = await store.verifications.findValidByTokenHash(hashToken(checked.token), "reset");
  if (!verification || !(await store.verifications.markUsed(verification.id))) {
    return { ok: false, status: 400, message: ACCOUNT_MESSAGES.resetTokenMissing, field: "token" };
  }
  await store.users.update(verification.userId, {
    passwordHash: await hashPassword(checked.password),
    // Receiving the reset mail proves the address too.
    emailVerifiedAt: (await store.users.findById(verification.userId))?.emailVerifiedAt ?? new Date(),
  });
  await endAllSessions(context, verification.userId);
  return { ok: true, message: ACCOUNT_MESSAGES.resetSuccess };
}
