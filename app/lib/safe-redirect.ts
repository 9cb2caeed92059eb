const base = "http://same-site.invalid";

/**
 * Where a form may send the browser back to: a path on this site only.
 * Parsed as the browser would (it drops tabs and newlines, treats "\" as
 * "/"), so "/\t/evil.example" or "/\\evil.example" cannot leave the site, and
 * the result never holds a character that would break a Location header.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
