import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { appliedMigrationVersions, MIGRATIONS } from "./sqlite/migrations.ts";
import { openSqliteStore, sqliteFilePath } from "./sqlite/sqlite-store.server.ts";
import { describeStoreContract } from "./store.contract.ts";

const directory = mkdtempSync(join(tmpdir(), "dynami-sqlite-store-"));
let fileCount = 0;

function freshDatabaseUrl(): string {
  fileCount += 1;
  return `sqlite:${join(directory, `test-${fileCount}.db`)}`;
}

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

describeStoreContract("SQLite", async () => openSqliteStore(freshDatabaseUrl()));

describe("SQLite store", () => {
  it("records every migration once", async () => {
    const url = freshDatabaseUrl();
    await openSqliteStore(url).close();

    const db = new DatabaseSync(sqliteFilePath(url));
    try {
      expect(appliedMigrationVersions(db)).toEqual(MIGRATIONS.map((migration) => migration.version));
    } finally {
      db.close();
    }
  });

  it("reopens an existing file without rerunning migrations, keeping the data", async () => {
    const url = freshDatabaseUrl();
    const first = openSqliteStore(url);
    const user = await first.users.create({ pseudo: "Persisted", email: "persisted@example.test", passwordHash: "h" });
    await first.close();

    const db = new DatabaseSync(sqliteFilePath(url));
    const appliedAt = db.prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all();
    db.close();

    const second = openSqliteStore(url);
    try {
      expect(await second.users.findById(user.id)).toEqual(user);
      expect(await second.users.count()).toBe(1);
    } finally {
      await second.close();
    }

    const reopened = new DatabaseSync(sqliteFilePath(url));
    try {
      expect(reopened.prepare("SELECT version, applied_at FROM schema_migrations ORDER BY version").all()).toEqual(appliedAt);
    } finally {
      reopened.close();
    }
  });

  it("uses WAL and enforces foreign keys", async () => {
    const url = freshDatabaseUrl();
    const store = openSqliteStore(url);
    try {
      await expect(
        store.sessions.create({
          tokenHash: "orphan",
          userId: "0123456789abcdef01234567",
          persistent: false,
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await store.close();
    }
    const db = new DatabaseSync(sqliteFilePath(url));
    try {
      expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      db.close();
    }
  });

  it("creates the parent directory of the file", async () => {
    const store = openSqliteStore(`sqlite:${join(directory, "nested", "deeper", "app.db")}`);
    await store.ping();
    await store.close();
  });

  it("opens an in-memory database", async () => {
    const store = openSqliteStore("sqlite::memory:");
    try {
      await store.users.create({ pseudo: "Mem", email: "mem@example.test", passwordHash: "h" });
      expect(await store.users.count()).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("resolves a relative path against the working directory", () => {
    expect(sqliteFilePath("sqlite:./data/app.db")).toBe(join(process.cwd(), "data", "app.db"));
    expect(sqliteFilePath("sqlite::memory:")).toBe(":memory:");
    expect(() => sqliteFilePath("sqlite:")).toThrow(/names no file/);
  });
});
