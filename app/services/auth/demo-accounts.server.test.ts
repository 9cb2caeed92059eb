import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "~/store/open-store.server";
import type { Store } from "~/store/types";
import { DEMO_ACCOUNTS, lockPublishedDemoPasswords, seedDemoAccounts } from "./demo-accounts.server";
import { hashPassword, verifyPassword } from "./passwords.server";

let store: Store;
beforeEach(async () => {
  store = await openStore("sqlite::memory:");
});
afterEach(async () => {
  await store.close();
});

describe("demo accounts", () => {
  it("are seeded once into an empty store, with their credentials printed", async () => {
    const lines = await seedDemoAccounts(store);
    expect(lines.join("\n")).toContain(DEMO_ACCOUNTS[1].password);
    expect(await store.users.count()).toBe(2);
    expect(await seedDemoAccounts(store)).toEqual([]);
  });

  it("are created once when two instances seed one empty store together", async () => {
    const [first, second] = await Promise.all([seedDemoAccounts(store), seedDemoAccounts(store)]);
    expect(await store.users.count()).toBe(DEMO_ACCOUNTS.length);
    // Between them, each account is announced once.
    const announced = [...first, ...second].filter((line) => line.includes("password:"));
    expect(announced).toHaveLength(DEMO_ACCOUNTS.length);
    expect(await seedDemoAccounts(store)).toEqual([]);
  });

  it("lose their published password and their sessions once the development tools are off", async () => {
    await seedDemoAccounts(store);
    const admin = (await store.users.findByEmail("admin@dynami.local"))!;
    await store.sessions.create({
      tokenHash: "t",
      userId: admin.id,
      persistent: false,
      expiresAt: new Date(Date.now() + 60_000),
    });

    const lines = await lockPublishedDemoPasswords(store);

    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("admin@dynami.local");
    const locked = (await store.users.findByEmail("admin@dynami.local"))!;
    expect(await verifyPassword(DEMO_ACCOUNTS[1].password, locked.passwordHash)).toBe(false);
    expect(await store.sessions.findByTokenHash("t")).toBeNull();
    expect(await lockPublishedDemoPasswords(store)).toEqual([]);
  });

  it("keep a password their owner chose", async () => {
    await seedDemoAccounts(store);
    const demo = (await store.users.findByEmail("demo@dynami.local"))!;
    await store.users.update(demo.id, { passwordHash: await hashPassword("chosen-by-me-123") });
    await lockPublishedDemoPasswords(store);
    const kept = (await store.users.findByEmail("demo@dynami.local"))!;
    expect(await verifyPassword("chosen-by-me-123", kept.passwordHash)).toBe(true);
  });
});
