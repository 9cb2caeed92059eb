import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server";
import { type HistoryEntry, HISTORY_WRITE_LIMIT } from "~/domain/history";
import { HISTORY_PAGE_SIZE, type HistoryPageRequest } from "~/domain/history-page";
import type { HistorySaveOutcome } from "~/lib/calculator-results";
import type { HistoryRecord, Store } from "~/store/types";
import { getCurrentUser } from "./auth/session.server";

// The one way calculations reach a user's history: the calculator pages
// (through saveForCurrentUser) and the /api/history routes both call here,
// so a record looks the same whoever made it.

/** A record as the API and the dashboard read it. */
export interface HistoryEntryView {
  _id: string;
  action: string;
  /** ISO 8601. */
  createdAt: string;
  meta: Record<string, unknown>;
}

export function toHistoryView(record: HistoryRecord): HistoryEntryView {
  return { _id: record.id, action: record.action, createdAt: record.createdAt.toISOString(), meta: record.meta };
}

/** Saves a calculation built by the domain (imcHistoryEntry, caloriesHistoryEntry or historyEntrySchema). */
export async function saveCalculation(store: Store, userId: string, entry: HistoryEntry): Promise<HistoryEntryView> {
  const record = await store.history.add({ userId, action: entry.action, meta: { ...entry.meta } });
  return toHistoryView(record);
}

const HISTORY_WRITES = {
  keyPrefix: "history-writes",
  points: HISTORY_WRITE_LIMIT.perUser,
  durationSeconds: HISTORY_WRITE_LIMIT.windowSeconds,
};

/**
 * A user's own save (a calculator page, POST /api/history), within
 * HISTORY_WRITE_LIMIT: the saved record, or when to try again.
 */
export async function saveCalculationWithinLimit(
  store: Store,
  userId: string,
  entry: HistoryEntry,
): Promise<{ ok: true; saved: HistoryEntryView } | { ok: false; retryAfterSeconds: number }> {
  const counted = await store.rateLimiter(HISTORY_WRITES).consume(userId);
  if (!counted.allowed) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(counted.msBeforeNext / 1000)) };
  return { ok: true, saved: await saveCalculation(store, userId, entry) };
}

/** One page of the user's own records, newest first (a full page when no limit is given). */
export async function listCalculations(
  store: Store,
  userId: string,
  page: HistoryPageRequest = { limit: HISTORY_PAGE_SIZE },
): Promise<HistoryEntryView[]> {
  return (await store.history.listForUser(userId, page)).map(toHistoryView);
}

/** False when the id is unknown, malformed or belongs to someone else: the caller cannot tell which. */
export async function deleteCalculation(store: Store, userId: string, id: string): Promise<boolean> {
  return store.history.deleteForUser(id, userId);
}

/** Saves a page's calculation when someone is signed in; never throws (see HistorySaveOutcome). */
export async function saveForCurrentUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
  entry: HistoryEntry,
): Promise<HistorySaveOutcome> {
  try {
    const current = await getCurrentUser(context, request);
    if (!current) return "signed-out";
    const outcome = await saveCalculationWithinLimit(getServices(context).store, current.user.id, entry);
    return outcome.ok ? "saved" : "limited";
  } catch (error) {
    console.error("Saving a calculation to the history failed:", error);
    return "failed";
  }
}
