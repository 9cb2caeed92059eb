// Every response carries these, pages and static files alike. Kept in one
// module, with a test, so a change to the policy is a visible decision.

export interface SecurityHeaderOptions {
  /** The inline scripts of this response carry this nonce... */
  nonce?: string;
  /** ...or are allowed by their hashes ('sha256-…'): pages served from the render cache. */
  scriptHashes?: string[];
  /** HSTS only where the site is served over HTTPS for real. */
  isProduction: boolean;
  /** Vite's dev server needs inline scripts and a websocket for hot reload. */
  isViteDev: boolean;
}

export function contentSecurityPolicy({ nonce, scriptHashes = [], isViteDev }: SecurityHeaderOptions): string {
  const inlineSources = [...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes];
  const scriptSrc = isViteDev
    ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'"
    : `script-src 'self' ${[...inlineSources, "'strict-dynamic'"].join(" ")}`;
  return [
    "default-src 'self'",
    scriptSrc,
    // Inline style attributes are set by the chart library at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The service worker (/sw.js) and the web app manifests: under a
    // 'strict-dynamic' script-src a worker would otherwise be refused ('self'
    // there is ignored), and the manifest says so rather than leaning on default-src.
    "worker-src 'self'",
    "manifest-src 'self'",
    isViteDev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    // Lets Chromium tell us the system theme, so the theme toggle is right
    // even before the user has chosen and with JavaScript off.
    "Accept-CH": "Sec-CH-Prefers-Color-Scheme",
  };
  if (options.isProduction) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}
