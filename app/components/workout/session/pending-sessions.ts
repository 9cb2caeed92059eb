// Finished sessions kept on the device until the server has them (offline
// finishing). Only the key and a cheap check live here: every page checks
// for pending sessions, and loads the sender (session-outbox.ts) only when
// there are some.

export const PENDING_SESSIONS_KEY = "suiviePendingSessions";

/** Whether sessions wait on this device to be sent for that user. */
export function hasPendingSessions(storage: Pick<Storage, "getItem">, userId: string): boolean {
  try {
    return storage.getItem(PENDING_SESSIONS_KEY)?.includes(`"userId":"${userId}"`) ?? false;
  } catch {
    return false;
  }
}
