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

const CURSOR_PATTERN = /^(\d{1,15})-([0-9a-f]{24})$/;

/** `<epoch ms>-<id>` of the last entry of a page: opaque to clients, readable in logs. */
export function formatHistoryCursor(entry: HistoryCursorValue): string {
  return `${entry.createdAt.getTime()}-${entry.id}`;
}

/** The cursor a client sent back, or null when it is not one this server wrote. */
export function parseHistoryCursor(text: string): HistoryCursorValue | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const createdAt = new Date(Number(match[1]));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2]! };
}

/** The page size a client asked for: a whole number from 1 to HISTORY_PAGE_SIZE, or null. */
export function parseHistoryPageSize(text: string): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const size = Number(text);
  return size >= 1 && size <= HISTORY_PAGE_SIZE ? size : null;
}
