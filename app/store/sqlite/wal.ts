import type { DatabaseSync } from "node:sqlite";

const SQLITE_BUSY = 5;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

/** SQLITE_BUSY and its extended codes (BUSY_RECOVERY, BUSY_SNAPSHOT, BUSY_TIMEOUT). */
export function isBusyError(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === "number" && (code & 0xff) === SQLITE_BUSY;
}

/** Blocks this thread: opening the store is synchronous, like the rest of node:sqlite. */
function pause(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

/**
 * Switches the file to write-ahead logging, waiting up to `timeoutMs` for other
 * processes. SQLite's busy timeout does not cover this switch: when another
 * process is writing a file still in rollback mode (two instances creating
 * one new file at the same start), the switch fails at once with "database
 * is locked". So it is retried here until the same deadline.
 */
export function switchToWal(db: DatabaseSync, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (error) {
      if (!isBusyError(error) || Date.now() + wait > deadline) throw error;
      pause(wait);
    }
  }
}
