// Per-user listings are read a page at a time, newest first, so no request
// ever loads a whole list. A page continues from a cursor naming the last
// item already seen (keyset paging): items saved or deleted meanwhile never
// make a page skip or repeat one. The history and the workout sessions page
// this way, each with its own page size and date.

/** The position of an item in its list: its date, then its id (the tie-breaker). */
export interface KeysetCursor {
  at: Date;
  id: string;
}

// Fifteen digits at most: every such number of milliseconds is a valid Date.
export const CURSOR_PATTERN = /^(\d{1,15})-([0-9a-f]{24})$/;

/** `<epoch ms>-<id>` of the last item of a page: opaque to clients, readable in logs. */
export function formatKeysetCursor(cursor: KeysetCursor): string {
  return `${cursor.at.getTime()}-${cursor.id}`;
}

/** The cursor a client sent back, or null when it is not one this server wrote. */
export function parseKeysetCursor(text: string): KeysetCursor | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  return { at: new Date(Number(match[1])), id: match[2]! };
}

/** The page size a client asked for: a whole number from 1 to maxSize, or null. */
export function parsePageSize(text: string, maxSize: number): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const size = Number(text);
  return size >= 1 && size <= maxSize ? size : null;
}

/** Answers of the JSON API, in French like every API message. */
export function pageQueryMessages(maxSize: number) {
  return {
    invalidLimit: `limit doit être un nombre entier de 1 à ${maxSize}.`,
    invalidCursor: 'before n\'est pas un curseur valide : reprends celui du lien rel="next" de la page précédente.',
  } as const;
}

export interface KeysetPageRequest {
  limit: number;
  before?: KeysetCursor;
}

/**
 * `?limit=` (1 to maxSize, maxSize when absent) and `?before=`, both
 * optional, the limit checked first: the rule of keysetPageQuerySchema
 * (app/domain/api/page-query.ts, what the API description shows), written
 * without zod so that the browser, which loads this file, never loads zod.
 */
export function parseKeysetPageQuery(
  params: URLSearchParams,
  maxSize: number,
): { ok: true; page: KeysetPageRequest } | { ok: false; message: string } {
  const messages = pageQueryMessages(maxSize);
  const limitText = params.get("limit");
  const limit = limitText === null ? maxSize : parsePageSize(limitText, maxSize);
  if (limit === null) return { ok: false, message: messages.invalidLimit };
  const beforeText = params.get("before");
  if (beforeText === null) return { ok: true, page: { limit } };
  const before = parseKeysetCursor(beforeText);
  return before ? { ok: true, page: { limit, before } } : { ok: false, message: messages.invalidCursor };
}

/** The query of the next page, or null when this one was not full (nothing older is left). */
export function nextKeysetPageQuery(items: readonly KeysetCursor[], limit: number): string | null {
  const last = items.at(-1);
  if (items.length < limit || !last) return null;
  return new URLSearchParams({ limit: String(limit), before: formatKeysetCursor(last) }).toString();
}
