// Account rules of the spec (account-and-dashboard §5, public-pages §5) and
// their exact French messages. Pure: shared by the dialog (instant
// validation), the page actions and the JSON API.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PSEUDO_MIN_LENGTH = 3;
export const PSEUDO_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;

export const ACCOUNT_MESSAGES = {
  loginRequired: "E-mail ou pseudo et mot de passe requis.",
  pseudoRequired: "Pseudo requis.",
  pseudoLength: `Le pseudo doit faire entre ${PSEUDO_MIN_LENGTH} et ${PSEUDO_MAX_LENGTH} caractères.`,
  pseudoCharacters:
    "Le pseudo ne peut contenir que des lettres, des chiffres, des points, des tirets et des tirets bas.",
  emailRequired: "Email requis.",
  emailInvalid: "Email invalide.",
  passwordRequired: "Mot de passe requis.",
  passwordTooShort: "8 caractères minimum.",
  passwordTooLong: `${PASSWORD_MAX_LENGTH} caractères maximum.`,
  passwordsDiffer: "Les mots de passe ne correspondent pas.",
  privacyRequired: "Merci d'accepter la politique de confidentialité.",
  forgotEmailInvalid: "Email invalide",
  resetTokenMissing: "Lien invalide ou expiré.",
  resetPasswordTooShort: "Min 8 caractères.",
  pseudoTaken: "Ce pseudo est déjà pris.",
  signupSuccess: "Compte créé ! Vérifie ton e-mail pour l'activer.",
  loginFailed: "E-mail, pseudo ou mot de passe incorrect.",
  loginSuccess: "Connexion réussie !",
  emailNotVerified:
    "Ton adresse e-mail n'est pas encore vérifiée. Clique sur le lien reçu par e-mail, ou demande un nouveau lien.",
  verificationResent: "Si ce compte attend une vérification, un nouveau lien vient d'être envoyé.",
  verifyNoToken: "Aucun jeton de vérification fourni.",
  verifyFailed: "Échec de la vérification. Lien invalide ou expiré.",
  verifySuccess: "Adresse e-mail vérifiée. Tu peux maintenant te connecter.",
  resetSuccess: "Mot de passe modifié. Redirection…",
  /** My account's "log out everywhere": the login view says so. */
  loggedOutEverywhere: "Tu es déconnecté de tous tes appareils.",
  /** The API's 401, also shown by the dialog's history view without a session. */
  notSignedIn: "Non connecté. Connecte-toi d'abord.",
  forgotSent: (email: string) => `Si un compte existe pour ${email}, un lien de réinitialisation a été envoyé.`,
  tooManyAttempts: (minutes: number) => `Trop de tentatives. Réessaie dans ${minutes} minute${minutes > 1 ? "s" : ""}.`,
  /** Password checks are queued; past the queue's time limit the request is refused (503). */
  busy: "Trop de demandes en même temps. Réessaie dans quelques secondes.",
} as const;

/** The API's 403 on an admin route; only the JSON API sends it, so the dialog does not translate it. */
export const ADMIN_REQUIRED_MESSAGE = "Accès refusé. Privilèges admin requis.";

/** The spec's fallbacks when a request fails without a message (network down, server error). */
export const ACCOUNT_FALLBACK_MESSAGES = {
  connectionFailed: "Erreur de connexion. Réessaie.",
  /** The login's toast when no answer came (the inline message is connectionFailed). */
  connectionError: "Erreur lors de la connexion",
  signupFailed: "Une erreur est survenue. Réessaie.",
  /** A sign-up the server failed (500), with and without JavaScript. */
  serverError: "Erreur serveur",
  forgotFailed: "Impossible d'envoyer le lien. Réessaie dans un instant.",
  resetFailed: "Échec de la réinitialisation.",
} as const satisfies Record<string, string>;

/**
 * With JavaScript, when an answer is not the JSON expected (a proxy's error
 * page, a crash): the spec's messages naming the HTTP status.
 */
export const ACCOUNT_HTTP_FALLBACKS = {
  login: (status: number) => `Échec de connexion (HTTP ${status})`,
  signup: (status: number) => `Erreur HTTP ${status}`,
  verify: (status: number) => `Erreur (${status})`,
} as const;

/** The code that goes with ACCOUNT_MESSAGES.emailNotVerified: the dialog then offers to resend the link. */
export const EMAIL_NOT_VERIFIED_CODE = "EMAIL_NOT_VERIFIED";

type TemplatedKey = "forgotSent" | "tooManyAttempts";
type FixedKey = Exclude<keyof typeof ACCOUNT_MESSAGES, TemplatedKey> | keyof typeof ACCOUNT_FALLBACK_MESSAGES;
/** The messages naming the HTTP status of an answer that was not the JSON expected. */
type HttpFallbackKey = "loginHttpFailed" | "signupHttpFailed" | "verifyHttpFailed";

/**
 * What the account rules and use cases answer: a message key (the French
 * text in ACCOUNT_MESSAGES or ACCOUNT_FALLBACK_MESSAGES, its translations
 * under `messages.<key>` in locales/<lng>/account.json) and its values.
 * Pages translate it; the JSON API answers its French text.
 */
export type AccountMessage =
  | { key: FixedKey }
  | { key: "forgotSent"; values: { email: string } }
  | { key: "tooManyAttempts"; values: { count: number } }
  | { key: HttpFallbackKey; values: { status: number } };

export type AccountMessageKey = AccountMessage["key"];

/** The keys a server answer or a flash may carry (the HTTP fallbacks are the browser's own). */
export const ACCOUNT_MESSAGE_KEYS = [
  ...Object.keys(ACCOUNT_MESSAGES),
  ...Object.keys(ACCOUNT_FALLBACK_MESSAGES),
] as readonly (FixedKey | TemplatedKey)[];

/** A message without values. */
export function accountMessage(key: FixedKey): AccountMessage {
  return { key };
}

/** The message's French text, the spec's exact words. */
export function accountMessageText(message: AccountMessage): string {
  switch (message.key) {
    case "forgotSent":
      return ACCOUNT_MESSAGES.forgotSent(message.values.email);
    case "tooManyAttempts":
      return ACCOUNT_MESSAGES.tooManyAttempts(message.values.count);
    case "loginHttpFailed":
      return ACCOUNT_HTTP_FALLBACKS.login(message.values.status);
    case "signupHttpFailed":
      return ACCOUNT_HTTP_FALLBACKS.signup(message.values.status);
    case "verifyHttpFailed":
      return ACCOUNT_HTTP_FALLBACKS.verify(message.values.status);
    default:
      return message.key in ACCOUNT_FALLBACK_MESSAGES
        ? ACCOUNT_FALLBACK_MESSAGES[message.key as keyof typeof ACCOUNT_FALLBACK_MESSAGES]
        : (ACCOUNT_MESSAGES[message.key as Exclude<keyof typeof ACCOUNT_MESSAGES, TemplatedKey>] as string);
  }
}

/** The spec's "loose" e-mail pattern: something@something.something, no spaces. */
const looseEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const pseudoPattern = /^[A-Za-z0-9._-]+$/;

export function normalizeEmailInput(value: unknown): string {
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

export function isLooseEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && looseEmailPattern.test(email);
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export type SignupField = "pseudo" | "email" | "password" | "confirmation" | "privacy";

export interface SignupInput {
  pseudo: unknown;
  email: unknown;
  password: unknown;
  confirmation: unknown;
  privacy: unknown;
}

export interface SignupValues {
  pseudo: string;
  email: string;
  password: string;
}

/**
 * Every failing rule, in the spec's order (pseudo, e-mail, password,
 * confirmation, privacy); the dialog shows the first one.
 */
export function signupErrors(input: SignupInput): { field: SignupField; message: AccountMessage }[] {
  const errors: { field: SignupField; message: AccountMessage }[] = [];
  const pseudo = text(input.pseudo).trim();
  const email = normalizeEmailInput(input.email);
  const password = text(input.password);
  if (!pseudo) errors.push({ field: "pseudo", message: accountMessage("pseudoRequired") });
  else if (pseudo.length < PSEUDO_MIN_LENGTH || pseudo.length > PSEUDO_MAX_LENGTH)
    errors.push({ field: "pseudo", message: accountMessage("pseudoLength") });
  else if (!pseudoPattern.test(pseudo)) errors.push({ field: "pseudo", message: accountMessage("pseudoCharacters") });
  if (!email) errors.push({ field: "email", message: accountMessage("emailRequired") });
  else if (!isLooseEmail(email)) errors.push({ field: "email", message: accountMessage("emailInvalid") });
  if (!password) errors.push({ field: "password", message: accountMessage("passwordRequired") });
  else if (password.length < PASSWORD_MIN_LENGTH)
    errors.push({ field: "password", message: accountMessage("passwordTooShort") });
  else if (password.length > PASSWORD_MAX_LENGTH)
    errors.push({ field: "password", message: accountMessage("passwordTooLong") });
  if (password !== text(input.confirmation))
    errors.push({ field: "confirmation", message: accountMessage("passwordsDiffer") });
  if (!isChecked(input.privacy)) errors.push({ field: "privacy", message: accountMessage("privacyRequired") });
  return errors;
}

/** A ticked checkbox arrives as "on" from a form, true from JSON. */
export function isChecked(value: unknown): boolean {
  return value === true || value === "on" || value === "true" || value === "1";
}

export function signupValues(input: SignupInput): SignupValues {
  return { pseudo: text(input.pseudo).trim(), email: normalizeEmailInput(input.email), password: text(input.password) };
}

export interface LoginValues {
  identifier: string;
  password: string;
  remember: boolean;
}

/** Leading spaces of the identifier are trimmed (trailing too: no pseudo or e-mail ends with one). */
export function loginValues(input: {
  identifier: unknown;
  password: unknown;
  remember?: unknown;
}): { ok: true; value: LoginValues } | { ok: false; message: AccountMessage } {
  const identifier = text(input.identifier).trim();
  const password = text(input.password);
  if (!identifier || !password) return { ok: false, message: accountMessage("loginRequired") };
  if (identifier.length > EMAIL_MAX_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, message: accountMessage("loginFailed") };
  }
  return { ok: true, value: { identifier, password, remember: isChecked(input.remember) } };
}

export function forgotEmail(input: unknown): { ok: true; email: string } | { ok: false; message: AccountMessage } {
  const email = normalizeEmailInput(input);
  return isLooseEmail(email) ? { ok: true, email } : { ok: false, message: accountMessage("forgotEmailInvalid") };
}

/** Reset form: token, then the password (trimmed, 8 minimum), then the confirmation when one is given. */
export function resetErrors(input: {
  token: unknown;
  password: unknown;
  confirmation?: unknown;
}):
  | { ok: true; token: string; password: string }
  | { ok: false; field: "token" | "password" | "confirmation"; message: AccountMessage } {
  const token = text(input.token).trim();
  if (!token) return { ok: false, field: "token", message: accountMessage("resetTokenMissing") };
  const password = text(input.password).trim();
  if (password.length < PASSWORD_MIN_LENGTH)
    return { ok: false, field: "password", message: accountMessage("resetPasswordTooShort") };
  if (password.length > PASSWORD_MAX_LENGTH)
    return { ok: false, field: "password", message: accountMessage("passwordTooLong") };
  if (input.confirmation !== undefined && text(input.confirmation).trim() !== password)
    return { ok: false, field: "confirmation", message: accountMessage("passwordsDiffer") };
  return { ok: true, token, password };
}

/** Minimum display times of the dialog's flows (ms). */
export const ACCOUNT_TIMINGS = {
  loginMinimumMs: 1500,
  signupMinimumMs: 2500,
  forgotMinimumMs: 1200,
  resetMinimumMs: 6000,
  resetRedirectMs: 1200,
} as const;

/** Token lifetimes. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** Sign-up, forgot-password and resend requests send mails: 20 per address per 15 minutes (a household or an office shares one address). */
/**
 * Requests that send a mail (sign-up, forgot password, a new verification
 * link, an address change), over 15 minutes: 5 for one recipient from one
 * address (a client asking again and again), 50 per address (a client
 * mailing many inboxes). Behind a shared address (a NAT, a proxy without
 * TRUST_PROXY) the per-address budget is what one client alone may not use
 * up, so it stays well above what a family or an office asks for.
 */
export const MAIL_REQUEST_LIMITS = { perAddressAndRecipient: 5, perAddress: 50, windowSeconds: 15 * 60 } as const;

/**
 * Mails that anyone can make the app send to an inbox they do not own (a
 * reset link, an "already registered" notice...): at most 3 of a kind per
 * recipient an hour, however many addresses ask. Past it the request gets
 * the same answer and no mail: the requester learns nothing new.
 */
export const RECIPIENT_MAIL_LIMIT = { perKind: 3, windowSeconds: 60 * 60 } as const;
export const recipientCappedMailKinds = ["reset", "already-registered", "verification", "email-in-use"] as const;
export type RecipientCappedMailKind = (typeof recipientCappedMailKinds)[number];

/**
 * Login throttling, failures counted over 15 minutes: 5 per identifier from
 * one address (refused), 20 per address. Past its 20, an address is slowed
 * (loginDelayMs over its extra failures) and a wrong password there answers
 * 429, but the right one still signs in: an address shared by many people
 * (a NAT, a proxy) cannot be used to shut out a user who knows their
 * password. Across all addresses an identifier only slows down.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  failuresPerIdentifierAndAddress: 5,
  failuresPerAddress: 20,
} as const;

/**
 * A sign-in answers within about 5 s: its slowdown (below) and its wait for a
 * password-hashing slot together must end within this time, or it gets 503
 * with Retry-After at once; the check itself then takes a fraction of a second.
 */
export const SIGN_IN_START_CHECK_WITHIN_MS = 4_500;

/** The slowdown of an identifier that failed from anywhere: free failures, then a doubling delay up to a cap. */
export const LOGIN_SLOWDOWN = { freeFailures: 5, firstDelayMs: 250, maxDelayMs: 4_000 } as const;

/** How long a login waits before its password is checked, given the identifier's failures in the window. */
export function loginDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = LOGIN_SLOWDOWN;
  if (!(failures >= freeFailures)) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures, 16));
}
