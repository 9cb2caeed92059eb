/** The session cookie's name: `__Host-` prefixed in production (HTTPS only, this host only), plain in development over http://localhost. */
export function sessionCookieName(isProduction: boolean): string {
  return isProduction ? "__Host-dynami_session" : "dynami_session";
}
