// Offline finishing: a finished session is first written to the device,
// then sent; what the network could not take stays and is sent again when
// the connection returns or on the next visit. Each copy carries the same
// idempotency key, so the server saves a session once however many times it
// arrives (a retry whose answer was lost, two tabs sending together).

import {
  IDEMPOTENCY_KEY_PATTERN,
  type SavedSessionPayload,
  type SessionSaveMessage,
  sessionRefusalOfCode,
} from "~/domain/workout/session-payload";
import { type NewRecord, readNewRecords } from "~/domain/workout/personal-records";
import { PENDING_SESSIONS_KEY } from "./session-keys";

/** At most this many sessions wait on a device; the oldest go first past it. */
export const MAX_PENDING_SESSIONS = 50;
export const SESSIONS_ENDPOINT = "/api/workouts/sessions";

/**
 * After the browser says the network is back, how long to wait before each
 * new try while sessions are still kept: the "online" event can come before
 * requests go through (a service worker's own fetch may still fail for a
 * moment, a captive portal may still answer). Then the next "online" or visit.
 */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000];

/** The wait before retry number `attempt` (0 first), or null once the retries are spent. */
export function retryDelayMs(attempt: number): number | null {
  return RETRY_DELAYS_MS[attempt] ?? null;
}

export interface PendingSession {
  /** The idempotency key of this finish. */
  key: string;
  /** Whose session it is: only sent while that user is signed in on this device. */
  userId: string;
  payload: SavedSessionPayload;
  keptAt: number;
}

type SessionStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A key for one finish: random, unique, the shape the server accepts. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function readPendingSessions(storage: Pick<Storage, "getItem">): PendingSession[] {
  try {
    const parsed = JSON.parse(storage.getItem(PENDING_SESSIONS_KEY) ?? "[]") as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is PendingSession =>
        item !== null &&
        typeof item === "object" &&
        typeof item.key === "string" &&
        IDEMPOTENCY_KEY_PATTERN.test(item.key) &&
        typeof item.userId === "string" &&
        item.payload !== null &&
        typeof item.payload === "object",
    );
  } catch {
    return [];
  }
}

function writePendingSessions(storage: SessionStorage, sessions: PendingSession[]): void {
  try {
    if (sessions.length === 0) storage.removeItem(PENDING_SESSIONS_KEY);
    else storage.setItem(PENDING_SESSIONS_KEY, JSON.stringify(sessions.slice(-MAX_PENDING_SESSIONS)));
  } catch {
    // Full or disabled storage: the session is still sent now if the network allows.
  }
}

export function keepPendingSession(storage: SessionStorage, session: PendingSession): void {
  const others = readPendingSessions(storage).filter((pending) => pending.key !== session.key);
  writePendingSessions(storage, [...others, session]);
}

function forgetPendingSession(storage: SessionStorage, key: string): void {
  writePendingSessions(
    storage,
    readPendingSessions(storage).filter((pending) => pending.key !== key),
  );
}

export interface SendReport {
  /** Sessions the server has (saved now, or saved before under the same key). */
  saved: string[];
  /**
   * Sessions the server refused for good (a 4xx other than 401, 403, 408,
   * 429): dropped, with the reason read from the answer's code (a key the
   * summary translates, never the API's French text).
   */
  refused: { key: string; refusal: SessionSaveMessage }[];
  /** Sessions still waiting: no network, the server busy or down, the user signed out. */
  kept: string[];
  /** Per saved session, the personal records it beat (as the server named them). */
  newRecords: Record<string, NewRecord[]>;
}

export interface SendOptions {
  userId: string;
  storage?: SessionStorage;
  fetch?: typeof fetch;
  /** Called before each session is sent: 1-based position, and how many are being sent. */
  onProgress?: (current: number, total: number) => void;
}

/** Answers after which a copy is worth sending again later. */
const RETRY_LATER = new Set([401, 403, 408, 429]);

/** The reason of a refusal, by the answer's code; the generic one for an unknown code or an answer that is not JSON. */
async function refusalOf(response: Response): Promise<SessionSaveMessage> {
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return sessionRefusalOfCode(body?.code);
  } catch {
    return sessionRefusalOfCode(null);
  }
}

/** The records a saved session beat, from the answer; none when it cannot be read (the session is saved all the same). */
async function newRecordsOf(response: Response): Promise<NewRecord[]> {
  try {
    return readNewRecords(((await response.json()) as { newRecords?: unknown } | null)?.newRecords);
  } catch {
    return [];
  }
}

let sending: Promise<SendReport> | null = null;

/**
 * Sends the user's pending sessions, oldest first, one at a time. One send at
 * a time per page: a second call while one runs gets the same report.
 */
export function sendPendingSessions(options: SendOptions): Promise<SendReport> {
  sending ??= sendAll(options).finally(() => {
    sending = null;
  });
  return sending;
}

async function sendAll({
  userId,
  storage = localStorage,
  fetch: send = fetch,
  onProgress,
}: SendOptions): Promise<SendReport> {
  const report: SendReport = { saved: [], refused: [], kept: [], newRecords: {} };
  const mine = readPendingSessions(storage).filter((pending) => pending.userId === userId);
  for (const [index, pending] of mine.entries()) {
    onProgress?.(index + 1, mine.length);
    let response: Response;
    try {
      response = await send(SESSIONS_ENDPOINT, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "X-Requested-With": "XMLHttpRequest",
          "Idempotency-Key": pending.key,
        },
        body: JSON.stringify(pending.payload),
      });
    } catch {
      // The network is down: this one and the rest wait for it.
      report.kept.push(...mine.slice(index).map((item) => item.key));
      break;
    }
    if (response.ok) {
      report.saved.push(pending.key);
      forgetPendingSession(storage, pending.key);
      report.newRecords[pending.key] = await newRecordsOf(response);
    } else if (response.status >= 500 || RETRY_LATER.has(response.status)) {
      report.kept.push(pending.key);
    } else {
      report.refused.push({ key: pending.key, refusal: await refusalOf(response) });
      forgetPendingSession(storage, pending.key);
    }
  }
  return report;
}
