import { createContext, type Cookie, type RouterContextProvider } from "react-router";
import type { AppConfig } from "~/config.server";
import { getServices } from "~/context.server";
import { ACCOUNT_MESSAGES, ADMIN_REQUIRED_MESSAGE } from "~/domain/account";
import { ApiError, bearerToken } from "~/lib/http.server";
import { createSignedCookie } from "~/lib/signed-cookie.server";
import { sessionCookieName } from "~/lib/session-cookie-name";
import type { SessionRecord, UserRecord } from "~/store/types";
import { hashToken, newToken } from "./tokens.server";

// Sessions live in the store; the cookie (signed) holds only the random
// token, and the same token is the bearer token of the JSON API.

export const REMEMBER_ME_DAYS = 30;
/** Without 'remember me' the cookie ends with the browser, and the server forgets the session after a day. */
export const BROWSER_SESSION_HOURS = 24;
const cookies = new WeakMap<AppConfig, Cookie>();
function sessionCookie(config: AppConfig): Cookie {
  let cookie = cookies.get(config);
  if (!cookie) {
    // In production the __Host- prefix: browsers then take the cookie only
    // over HTTPS, for this very host and path /, so neither a page over
    // plain HTTP nor a neighbouring subdomain can plant a session of theirs.
    // Read on every signed-in request: its signature is checked without WebCrypto.
    cookie = createSignedCookie(sessionCookieName(config.isProduction), {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.isProduction,
      secrets: [config.sessionSecret],
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
  /** The Set-Cookie header value to send with the answer. */
  setCookie: string;
}

/**
 * Who the browser is signed in as once this request's answer is applied,
 * when the answer changes it: a session started (that user) or ended (null).
 */
const answerAccountContext = createContext<{ userId: string | null } | null>(null);

function answerSignsIn(context: Readonly<RouterContextProvider>, userId: string | null) {
  (context as RouterContextProvider).set(answerAccountContext, { userId });
}

export async function startSession(
  context: Readonly<RouterContextProvider>,
  userId: string,
  options: { remember: boolean },
): Promise<StartedSession> {
  answerSignsIn(context, userId);
  const { store, config } = getServices(context);
  const token = newToken();
  const lifetimeMs = options.remember ? REMEMBER_ME_DAYS * 86_400_000 : BROWSER_SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await store.sessions.create({ tokenHash: hashToken(token), userId, persistent: options.remember, expiresAt });
  const setCookie = await sessionCookie(config).serialize(
    token,
    options.remember ? { maxAge: REMEMBER_ME_DAYS * 86_400 } : {},
  );
  return { token, expiresAt, setCookie };
}

async function tokenFromRequest(context: Readonly<RouterContextProvider>, request: Request) {
  const fromHeader = bearerToken(request);
  if (fromHeader) return { token: fromHeader, viaCookie: false };
  const fromCookie: unknown = await sessionCookie(getServices(context).config).parse(request.headers.get("Cookie"));
  return typeof fromCookie === "string" && fromCookie ? { token: fromCookie, viaCookie: true } : null;
}

export interface CurrentUser {
  user: UserRecord;
  session: SessionRecord;
  /** True when the request authenticated with the session cookie (not a bearer header). */
  viaCookie: boolean;
}

const currentUserContext = createContext<Promise<CurrentUser | null> | null>(null);

/** The signed-in user of this request, looked up once per request. */
export function getCurrentUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<CurrentUser | null> {
  const cached = context.get(currentUserContext);
  if (cached) return cached;
  const lookup = (async () => {
    const found = await tokenFromRequest(context, request);
    if (!found) return null;
    const { store } = getServices(context);
    const session = await store.sessions.findByTokenHash(hashToken(found.token));
    if (!session) return null;
    const user = await store.users.findById(session.userId);
    return user ? { user, session, viaCookie: found.viaCookie } : null;
  })();
  (context as RouterContextProvider).set(currentUserContext, lookup);
  return lookup;
}

/** Ends the request's session on the server and returns a Set-Cookie that clears the cookie. */
export async function endSession(context: Readonly<RouterContextProvider>, request: Request): Promise<string> {
  const { store, config } = getServices(context);
  const current = await getCurrentUser(context, request);
  if (current) await store.sessions.delete(current.session.id);
  answerSignsIn(context, null);
  return sessionCookie(config).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** A Set-Cookie that clears the session cookie (its session is already gone: logged out everywhere, account deleted). */
export async function clearedSessionCookie(context: Readonly<RouterContextProvider>): Promise<string> {
  answerSignsIn(context, null);
  return sessionCookie(getServices(context).config).serialize("", { maxAge: 0, expires: new Date(0) });
}

export interface BrowserAccount {
  /** The signed-in user, or null for a visitor. */
  userId: string | null;
  /** This answer starts or ends the session. */
  changed: boolean;
}

/**
 * Who this browser is signed in as (by its cookie) once the answer is
 * applied: the session it starts or ends, else the one the request came
 * with; undefined when the request never looked (or came with a bearer
 * token, which says nothing of the browser's cookie).
 */
export async function browserAccountAfterAnswer(
  context: Readonly<RouterContextProvider>,
): Promise<BrowserAccount | undefined> {
  const changed = context.get(answerAccountContext);
  if (changed) return { userId: changed.userId, changed: true };
  const lookup = context.get(currentUserContext);
  if (!lookup) return undefined;
  const current = await lookup.catch(() => undefined);
  if (current === undefined) return undefined;
  if (current === null) return { userId: null, changed: false };
  return current.viaCookie ? { userId: current.user.id, changed: false } : undefined;
}

export async function endAllSessions(context: Readonly<RouterContextProvider>, userId: string): Promise<number> {
  return getServices(context).store.sessions.deleteAllForUser(userId);
}

export const NOT_SIGNED_IN_MESSAGE = ACCOUNT_MESSAGES.notSignedIn;
export { ADMIN_REQUIRED_MESSAGE };

export async function requireApiUser(context: Readonly<RouterContextProvider>, request: Request): Promise<CurrentUser> {
  const current = await getCurrentUser(context, request);
  if (!current) throw new ApiError(401, NOT_SIGNED_IN_MESSAGE);
  return current;
}

export async function requireApiAdmin(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<CurrentUser> {
  const current = await requireApiUser(context, request);
  if (current.user.role !== "admin") throw new ApiError(403, ADMIN_REQUIRED_MESSAGE);
  return current;
}

/** What the API and the pages show of a user: never the password hash. */
export function publicUser(user: UserRecord) {
  return {
    _id: user.id,
    id: user.id,
    role: user.role,
    prenom: user.prenom,
    pseudo: user.pseudo,
    displayName: user.displayName,
    email: user.email,
    photo: user.photo,
    weightKg: user.weightKg,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;
