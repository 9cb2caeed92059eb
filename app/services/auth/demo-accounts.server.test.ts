import { describe, expect, it } from "vitest";
import { openStore } from "~/store/open-store.server";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts.server";

describe("demo accounts", () => {
  it("are created once when two instances seed one empty store together", async () => {
    const store = await openStore("sqlite::memory:");
    try {
      const [first, second] = await Promise.all([seedDemoAccounts(store), seedDemoAccounts(store)]);
      expect(await store.users.count()).toBe(DEMO_ACCOUNTS.length);
      // Between them, each account is announced once.
      const announced = [...first, ...second].filter((line) => line.includes("password:"));
      expect(announced).toHaveLength(DEMO_ACCOUNTS.length);
      expect(await seedDemoAccounts(store)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
