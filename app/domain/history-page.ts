// A user's history is read a page at a time, newest first, so no request
// ever loads a whole history. A page continues from a cursor naming the last
// entry already seen (keyset paging): entries saved or deleted meanwhile
// never make a page skip or repeat one.

/** Entries per page, and the most a client may ask for. */
export const HISTORY_PAGE_SIZE = 100;

export interface HistoryCursorValue {
  createdAt: Date;
  id: string;
}

// Fifteen digits at most: every such number of milliseconds is a valid Date.
const CURSOR_PATTERN = /^(\d{1,15})-([0-9a-f]{24})$/;

/** `<epoch ms>-<id>` of the last entry of a page: opaque to clients, readable in logs. */
export function formatHistoryCursor(entry: HistoryCursorValue): string {
  return `${entry.createdAt.getTime()}-${entry.id}`;
}

/** The cursor a client sent back, or null when it is not one this server wrote. */
export function parseHistoryCursor(text: string): HistoryCursorValue | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

/** The page size a client asked for: a whole number from 1 to HISTORY_PAGE_SIZE, or null. */
export function parseHistoryPageSize(text: string): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const size = Number(text);
  return size >= 1 && size <= HISTORY_PAGE_SIZE ? size : null;
}

/** Answers of the JSON API, in French like every API message. */
export const HISTORY_PAGE_MESSAGES = {
  invalidLimit: `limit doit être un nombre entier de 1 à ${HISTORY_PAGE_SIZE}.`,
  invalidCursor: 'before n\'est pas un curseur valide : reprends celui du lien rel="next" de la page précédente.',
} as const;

export interface HistoryPageRequest {
  limit: number;
  before?: HistoryCursorValue;
}

/** `?limit=` and `?before=` of GET /api/history; both optional. */
export function parseHistoryPageQuery(
  params: URLSearchParams,
): { ok: true; page: HistoryPageRequest } | { ok: false; message: string } {
  const limitText = params.get("limit");
  const limit = limitText === null ? HISTORY_PAGE_SIZE : parseHistoryPageSize(limitText);
  if (limit === null) return { ok: false, message: HISTORY_PAGE_MESSAGES.invalidLimit };
  const beforeText = params.get("before");
  if (beforeText === null) return { ok: true, page: { limit } };
  const before = parseHistoryCursor(beforeText);
  if (before === null) return { ok: false, message: HISTORY_PAGE_MESSAGES.invalidCursor };
  return { ok: true, page: { limit, before } };
}

/** The query of the next page, or null when this one was not full (nothing older is left). */
export function nextHistoryPageQuery(entries: readonly HistoryCursorValue[], limit: number): string | null {
  const last = entries.at(-1);
  if (entries.length < limit || !last) return null;
  return new URLSearchParams({ limit: String(limit), before: formatHistoryCursor(last) }).toString();
}
