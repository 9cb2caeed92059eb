// The local storage keys of a running session and of the sessions finished
// offline, apart from the code that uses them: the cookie policy lists them,
// and every page checks for pending sessions (loading the sender,
// session-outbox.ts, only when there are some).

export const SESSION_STORAGE_KEYS = {
  /** Each card's inputs: the prefix, then the exercise id. */
  inputsPrefix: "suivie_exo_inputs:",
  startedAt: "suivieStartedAt",
  /** The clock's pauses: what it counted before the current run, and when that run began. */
  timer: "suivieTimer",
  /** The rest running between two sets: when it ends, and how long it was. */
  rest: "suivieRest",
  /** The notes on the whole session. */
  sessionNotes: "suivieNotes",
} as const;

/** Finished sessions kept on the device until the server has them (offline finishing). */
export const PENDING_SESSIONS_KEY = "suiviePendingSessions";

/** Whether sessions wait on this device to be sent for that user. */
export function hasPendingSessions(storage: Pick<Storage, "getItem">, userId: string): boolean {
  try {
    return storage.getItem(PENDING_SESSIONS_KEY)?.includes(`"userId":"${userId}"`) ?? false;
  } catch {
    return false;
  }
}
