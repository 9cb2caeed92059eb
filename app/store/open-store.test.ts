import { describe, expect, it } from "vitest";
import { openStore } from "./open-store.server.ts";

describe("openStore", () => {
  it("opens SQLite in memory", async () => {
    const store = await openStore("sqlite::memory:");
    try {
      expect(store.kind).toBe("sqlite");
      await store.ping();
    } finally {
      await store.close();
    }
  });

  it.each([["postgres://user:secret@host/db"], ["mysql://localhost"], [""], ["./data/app.db"]])(
    "rejects %j",
    async (url) => {
      const error = await openStore(url).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/Unsupported database URL scheme/);
      expect((error as Error).message).not.toContain("secret");
    },
  );

  it("fails fast when the MongoDB server cannot be reached", async () => {
    const started = Date.now();
    // Port 9 (discard) is closed on any sane machine.
    await expect(openStore("mongodb://127.0.0.1:9/dynami", { connectTimeoutMs: 500 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
