import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "./sqlite-store.server.ts";
import { isBusyError, switchToWal } from "./wal.ts";

const directory = mkdtempSync(join(tmpdir(), "dynami-wal-"));
let fileCount = 0;

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** A file still in rollback mode, as a process creating it leaves it during its first write. */
function rollbackModeFile(): string {
  fileCount += 1;
  const path = join(directory, `rollback-${fileCount}.db`);
  const db = new DatabaseSync(path);
  db.exec("CREATE TABLE first_write (value INTEGER)");
  db.close();
  return path;
}

/**
 * Another thread (standing for another process) writes to the file and keeps
 * its write lock for `holdMs`; resolves once the lock is held.
 */
async function holdWriteLock(path: string, holdMs: number): Promise<{ released: Promise<number> }> {
  const worker = new Worker(
    `
    const { DatabaseSync } = require("node:sqlite");
    const { parentPort, workerData } = require("node:worker_threads");
    const db = new DatabaseSync(workerData.path);
    db.exec("BEGIN IMMEDIATE");
    db.exec("INSERT INTO first_write VALUES (1)");
    parentPort.postMessage("held");
    setTimeout(() => { const lastHeldAt = Date.now(); db.exec("COMMIT"); db.close(); parentPort.postMessage(lastHeldAt); }, workerData.holdMs);
    `,
    { eval: true, workerData: { path, holdMs } },
  );
  // The second message is the last moment the lock was still held.
  const released = new Promise<number>((resolve, reject) => {
    worker.on("error", reject);
    worker.on("message", (message: unknown) => {
      if (typeof message === "number") void worker.terminate().then(() => resolve(message));
    });
  });
  await new Promise<void>((resolve) => worker.once("message", () => resolve()));
  return { released };
}

describe("switching a file to WAL", () => {
  it("waits for another process's write on a file in rollback mode, then opens in WAL", async () => {
    const path = rollbackModeFile();
    const lock = await holdWriteLock(path, 300);

    const store = openSqliteStore(`sqlite:${path}`);
    const openedAt = Date.now();
    await store.close();

    expect(openedAt).toBeGreaterThanOrEqual(await lock.released);
    const db = new DatabaseSync(path);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.prepare("SELECT count(*) AS rows FROM first_write").get()).toEqual({ rows: 1 });
    db.close();
  });

  it("gives up with SQLite's 'database is locked' once the lock outlasts the timeout", async () => {
    const path = rollbackModeFile();
    const lock = await holdWriteLock(path, 800);
    const db = new DatabaseSync(path);
    const startedAt = Date.now();
    let failure: unknown;
    try {
      switchToWal(db, 200);
    } catch (error) {
      failure = error;
    }
    const gaveUpAt = Date.now();
    db.close();

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe("database is locked");
    expect(isBusyError(failure)).toBe(true);
    expect(gaveUpAt - startedAt).toBeGreaterThanOrEqual(150);
    expect(gaveUpAt).toBeLessThan(await lock.released);
  });

  it("does not retry other errors", () => {
    const db = new DatabaseSync(":memory:");
    db.close();
    expect(() => switchToWal(db, 1_000)).toThrow(/not open/);
    expect(isBusyError(new Error("database is locked"))).toBe(false);
    expect(isBusyError(Object.assign(new Error("busy snapshot"), { errcode: 517 }))).toBe(true);
    expect(isBusyError(Object.assign(new Error("constraint"), { errcode: 19 }))).toBe(false);
  });
});
