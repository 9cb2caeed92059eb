import type { DatabaseSync, StatementResultingChanges } from "node:sqlite";

export function dateOrNull(epochMs: number | null): Date | null {
  return epochMs === null ? null : new Date(epochMs);
}

export function millisOrNull(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

export function changedRows(result: StatementResultingChanges): number {
  return Number(result.changes);
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;

/** The message of a UNIQUE violation, which names the column or index; null for any other error. */
export function uniqueViolationMessage(error: unknown): string | null {
  if (error instanceof Error && (error as { errcode?: unknown }).errcode === SQLITE_CONSTRAINT_UNIQUE) {
    return error.message;
  }
  return null;
}

/** Runs `work` in one transaction that takes the write lock up front: another process sees all of it or none. */
export function atomically<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
