import { describe, expect, it } from "vitest";
import { accountOf, accountPartitions, partitionName } from "./account-partition";
import { FakeCacheStorage } from "./fake-caches";

function setup() {
  const storage = new FakeCacheStorage();
  let clock = 1_000;
  const partitions = accountPartitions(storage as unknown as CacheStorage, () => clock);
  return { storage, partitions, tick: (ms = 10) => (clock += ms), now: () => clock };
}

const page = (account: string | null) =>
  new Response("<p>page</p>", { headers: account === null ? {} : { "Dynami-Account": account } });

describe("accountOf", () => {
  it("reads the server's key or anonymous, and nothing malformed", () => {
    expect(accountOf(page("anonymous"))).toBe("anonymous");
    expect(accountOf(page("7AGAVBP1PaJrETyn1t9HwK"))).toBe("7AGAVBP1PaJrETyn1t9HwK");
    expect(accountOf(page(null))).toBeNull();
    expect(accountOf(page(""))).toBeNull();
    expect(accountOf(page("../other"))).toBeNull();
    expect(accountOf(page("a".repeat(65)))).toBeNull();
  });
});

describe("account partitions", () => {
  it("know no account before the first answer names one", async () => {
    const { partitions } = setup();
    expect(await partitions.current()).toBeNull();
  });

  it("keep one account's cache, and drop it when another account (or a visitor) is seen", async () => {
    const { storage, partitions, tick, now } = setup();
    const first = await partitions.seen("alice", now());
    expect(first?.created).toBe(true);
    await first!.cache.put("https://dynami.test/exo", page("alice"));
    const again = await partitions.seen("alice", now());
    expect(again?.created).toBe(false);
    expect(storage.urls(partitionName("alice"))).toEqual(["https://dynami.test/exo"]);

    tick();
    const visitor = await partitions.seen("anonymous", now());
    expect(visitor?.created).toBe(true);
    expect(await storage.keys()).toEqual([partitionName("anonymous")]);
    expect(await (await partitions.current())!.match("https://dynami.test/exo")).toBeUndefined();
  });

  it("an answer to a request sent before the account changed neither switches back nor is kept", async () => {
    const { storage, partitions, tick, now } = setup();
    await partitions.seen("alice", now());
    const sentBeforeLogout = now();
    tick();
    await partitions.seen("anonymous", now());
    tick();
    // Alice's page arrives late, after the logout's answer.
    expect(await partitions.seen("alice", sentBeforeLogout)).toBeNull();
    expect(await storage.keys()).toEqual([partitionName("anonymous")]);
    // A late answer of the account signed in now still counts.
    expect(await partitions.seen("anonymous", sentBeforeLogout)).not.toBeNull();
  });

  it("two answers naming two accounts at once leave exactly one account's cache", async () => {
    const { storage, partitions, now } = setup();
    await Promise.all([partitions.seen("alice", now()), partitions.seen("bob", now())]);
    expect(await storage.keys()).toHaveLength(1);
  });

  it("with several account caches (a change cut short), none counts", async () => {
    const { storage, partitions } = setup();
    await storage.open(partitionName("alice"));
    await storage.open(partitionName("bob"));
    expect(await partitions.current()).toBeNull();
  });

  it("leave the other caches alone (the precache)", async () => {
    const { storage, partitions, now } = setup();
    await storage.open("workbox-precache-v2-https://dynami.test/");
    await partitions.seen("alice", now());
    await partitions.seen("bob", now() + 1);
    expect((await storage.keys()).toSorted()).toEqual([
      partitionName("bob"),
      "workbox-precache-v2-https://dynami.test/",
    ]);
  });

  it("refuse a malformed account name", async () => {
    const { storage, partitions, now } = setup();
    expect(await partitions.seen("x/../y", now())).toBeNull();
    expect(await storage.keys()).toEqual([]);
  });
});
