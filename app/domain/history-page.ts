// A user's history is read a page at a time, newest first (keyset paging,
// app/domain/keyset-page.ts), its cursor on the records' createdAt.

import {
  formatKeysetCursor,
  nextKeysetPageQuery,
  pageQueryMessages,
  parseKeysetCursor,
  parseKeysetPageQuery,
  parsePageSize,
} from "./keyset-page.ts";

/** Entries per page, and the most a client may ask for. */
export const HISTORY_PAGE_SIZE = 100;

export interface HistoryCursorValue {
  createdAt: Date;
  id: string;
}

export function formatHistoryCursor(entry: HistoryCursorValue): string {
  return formatKeysetCursor({ at: entry.createdAt, id: entry.id });
}

/** The cursor a client sent back, or null when it is not one this server wrote. */
export function parseHistoryCursor(text: string): HistoryCursorValue | null {
  const cursor = parseKeysetCursor(text);
  return cursor && { createdAt: cursor.at, id: cursor.id };
}

/** The page size a client asked for: a whole number from 1 to HISTORY_PAGE_SIZE, or null. */
export function parseHistoryPageSize(text: string): number | null {
  return parsePageSize(text, HISTORY_PAGE_SIZE);
}

/** Answers of the JSON API, in French like every API message. */
export const HISTORY_PAGE_MESSAGES = pageQueryMessages(HISTORY_PAGE_SIZE);

export interface HistoryPageRequest {
  limit: number;
  before?: HistoryCursorValue;
}

/** `?limit=` and `?before=` of GET /api/history; both optional. */
export function parseHistoryPageQuery(
  params: URLSearchParams,
): { ok: true; page: HistoryPageRequest } | { ok: false; message: string } {
  const query = parseKeysetPageQuery(params, HISTORY_PAGE_SIZE);
  if (!query.ok) return query;
  const { limit, before } = query.page;
  return { ok: true, page: before ? { limit, before: { createdAt: before.at, id: before.id } } : { limit } };
}

/** The query of the next page, or null when this one was not full (nothing older is left). */
export function nextHistoryPageQuery(entries: readonly HistoryCursorValue[], limit: number): string | null {
  return nextKeysetPageQuery(
    entries.map((entry) => ({ at: entry.createdAt, id: entry.id })),
    limit,
  );
}
