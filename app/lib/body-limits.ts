// How large a request body may be. The HTTP server (app/server/) enforces
// these while the body streams in, before any route sees it; the JSON reader
// of the API routes checks the JSON limit again for callers that bypass the
// server (route tests). No imports: Node loads this file directly.

/** Forms (urlencoded, multipart) and any other body, unless a route says otherwise. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;
/** JSON bodies of the API. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A route module that accepts larger bodies (an upload) says so in its handle:
 * `export const handle = { bodyLimitBytes: 5 * 1024 * 1024 };`
 */
export interface BodyLimitHandle {
  bodyLimitBytes?: number;
  /**
   * The route answers a body past its limit itself, in its own words (the
   * photo upload: 'La photo ne doit pas dépasser 5 Mo.'): it runs without the
   * body, and getRefusedBodyLimit(context) gives the limit that was passed.
   * Otherwise pages get the 413 page and the API a 413 { message }.
   */
  answersTooLargeBody?: boolean;
}

export function isJsonContentType(contentType: string | null | undefined): boolean {
  return /^application\/([\w.+-]*\+)?json\b/i.test(contentType ?? "");
}

/** The limit of a body: the route's own, else by content type. */
export function bodyLimitFor(contentType: string | null | undefined, routeLimitBytes?: number): number {
  if (routeLimitBytes !== undefined && routeLimitBytes > 0) return routeLimitBytes;
  return isJsonContentType(contentType) ? JSON_BODY_LIMIT_BYTES : FORM_BODY_LIMIT_BYTES;
}

/** "64 Ko", "1 Mo": the limit as the French 413 message says it. */
export function formatLimit(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} Mo`;
  return `${Math.ceil(bytes / 1024)} Ko`;
}

/** The French message of a 413, for the API's { message } and the logs. */
export function bodyTooLargeMessage(limitBytes: number): string {
  return `Requête trop volumineuse (${formatLimit(limitBytes)} maximum).`;
}
