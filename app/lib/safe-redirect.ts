const base = "http://same-site.invalid";

function resolve(path: string): URL | null {
  try {
    return new URL(path, base);
  } catch {
    return null;
  }
}

/**
 * Where a form may send the browser back to: a path on this site only.
 * Parsed as the browser would (it drops tabs and newlines, treats "\" as
 * "/", resolves "." and ".."), so "/\t/evil.example" or "/\\evil.example"
 * cannot leave the site, and the result never holds a character that would
 * break a Location header. The path it gives is resolved once more, as the
 * browser will resolve the Location: "/.//evil.example/" resolves to
 * "//evil.example/", which a browser reads as another site, so it is refused.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const url = resolve(value);
  if (!url || url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return resolve(path)?.origin === base ? path : fallback;
}
