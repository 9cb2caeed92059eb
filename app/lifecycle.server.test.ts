import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PENDING_SUBSCRIPTION_RETENTION_DAYS } from "~/domain/newsletter";
import { CONTACT_MESSAGE_RETENTION_DAYS } from "~/domain/retention";
import { loadConfig } from "~/config.server";
import { DatabaseStartError, type RunningApp, STORE_CHECK_TIMEOUT_MS, startApp } from "~/lifecycle.server";
import { StoreAuthenticationError, StoreIndexBuildError, StoreUnreachableError } from "~/store/start-errors";

const running: RunningApp[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const app of running.splice(0)) await app.close();
});

async function startOnMemory(): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dynami-lifecycle-"));
  const config = loadConfig(
    { NODE_ENV: "test", DATABASE_URL: "sqlite::memory:", MAIL_DIR: path.join(dataDir, "mail") },
    { dataDir },
  );
  const app = await startApp(config);
  running.push(app);
  return app;
}

describe("store check (/readyz)", () => {
  it("says ok while the store answers", async () => {
    const app = await startOnMemory();
    expect(await app.checkStore()).toBe("ok");
  });

  it("says unreachable, without waiting longer than its bound, when the store does not answer", async () => {
    const app = await startOnMemory();
    const store = app.services.store as { ping(): Promise<void> };
    store.ping = () => new Promise(() => {});
    const started = Date.now();
    expect(await app.checkStore()).toBe("unreachable");
    expect(Date.now() - started).toBeLessThan(STORE_CHECK_TIMEOUT_MS + 400);

    store.ping = () => Promise.reject(new Error("no primary"));
    expect(await app.checkStore()).toBe("unreachable");
  });
});

describe("retention purge", () => {
  const DAY_MS = 24 * 60 * 60_000;
  const HOUR_MS = 60 * 60_000;
  /** Lets the purge's store calls, started by a timer, finish. */
  const settle = async () => {
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  it("runs every hour: what passed its retention is deleted, the rest kept", async () => {
    const start = new Date("2026-01-05T08:00:00Z").getTime();
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: start });
    const app = await startOnMemory();
    const { store } = app.services;
    const message = { nom: "Léa", sujet: "Question", message: "Bonjour, une question.", locale: "fr" };
    await store.contactMessages.add({ ...message, email: "old@example.com" });
    const pending = (email: string) => ({
      email,
      locale: "fr",
      confirmTokenHash: null,
      confirmWithAccount: false,
      unsubscribeToken: `unsubscribe-${email}`,
    });
    await store.newsletterSubscribers.subscribe(pending("old@example.com"));

    // Just before each retention ends, the newer data arrives.
    vi.setSystemTime(start + PENDING_SUBSCRIPTION_RETENTION_DAYS * DAY_MS - HOUR_MS);
    await store.newsletterSubscribers.subscribe(pending("new@example.com"));
    await vi.advanceTimersByTimeAsync(HOUR_MS - 60_000);
    await settle();
    expect(await store.newsletterSubscribers.findByEmail("old@example.com")).not.toBeNull();
    await vi.advanceTimersByTimeAsync(60_000 + HOUR_MS);
    await settle();
    expect(await store.newsletterSubscribers.findByEmail("old@example.com")).toBeNull();
    expect(await store.newsletterSubscribers.findByEmail("new@example.com")).not.toBeNull();

    vi.setSystemTime(start + CONTACT_MESSAGE_RETENTION_DAYS * DAY_MS - HOUR_MS);
    await store.contactMessages.add({ ...message, email: "new@example.com" });
    await vi.advanceTimersByTimeAsync(HOUR_MS - 60_000);
    await settle();
    expect((await store.contactMessages.listRecent(10)).map((row) => row.email)).toEqual([
      "new@example.com",
      "old@example.com",
    ]);
    await vi.advanceTimersByTimeAsync(60_000 + HOUR_MS);
    await settle();
    expect((await store.contactMessages.listRecent(10)).map((row) => row.email)).toEqual(["new@example.com"]);
  });
});

describe("DatabaseStartError", () => {
  const url = "mongodb://app:s3cret@db.example:27017/dynami";

  it("tells an unreachable server apart", () => {
    const error = new DatabaseStartError(url, new StoreUnreachableError("Server selection timed out after 9500 ms"));
    expect(error.failure).toBe("unreachable");
    expect(error.message).toBe(
      "Cannot reach the database mongodb://app:***@db.example:27017/dynami: Server selection timed out after 9500 ms",
    );
  });

  it("tells refused credentials apart, pointing at DATABASE_URL", () => {
    const error = new DatabaseStartError(url, new StoreAuthenticationError("Authentication failed."));
    expect(error.failure).toBe("authentication");
    expect(error.message).toBe(
      "The database mongodb://app:***@db.example:27017/dynami refused the credentials: Authentication failed. Check the user, the password and authSource in DATABASE_URL.",
    );
  });

  it("tells a failed index build apart, naming the collection, the index and the duplicate", () => {
    const cause = new StoreIndexBuildError("users", "users_email_unique", '{"email":"a@example.test"}', "E11000");
    const error = new DatabaseStartError(url, cause);
    expect(error.failure).toBe("index-build");
    expect(error.message).toBe(
      'Index build failed on the database mongodb://app:***@db.example:27017/dynami: building unique index users_email_unique on users failed: duplicate key {"email":"a@example.test"}; remove the duplicates, then start again',
    );
    expect(error.message).not.toContain("s3cret");
  });

  it("keeps any other failure on one line", () => {
    const error = new DatabaseStartError("sqlite:./data/app.db", new Error("SQLite migration 3 failed\nstack"));
    expect(error.failure).toBe("other");
    expect(error.message).toBe("Cannot open the database sqlite:./data/app.db: SQLite migration 3 failed");
  });
});
