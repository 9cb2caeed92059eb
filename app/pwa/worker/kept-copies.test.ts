import { describe, expect, it } from "vitest";
import { accountPartitions, partitionName } from "./account-partition";
import { FakeCacheStorage } from "./fake-caches";
import { isKeepableJson, isKeepablePage, keptCopies } from "./kept-copies";

const ORIGIN = "https://dynami.test";
const html = (body: string, account: string | null, headers: Record<string, string> = {}) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      ...(account === null ? {} : { "Dynami-Account": account }),
      ...headers,
    },
  });

/** A network the test drives: answers by URL, or none at all (offline), or late. */
function setup() {
  const storage = new FakeCacheStorage();
  const partitions = accountPartitions(storage as unknown as CacheStorage);
  const pending: Promise<unknown>[] = [];
  const network = {
    online: true,
    delayMs: 0,
    requests: [] as string[],
    answer: (url: string): Response => html(`<h1>${new URL(url).pathname}</h1>`, "anonymous"),
  };
  const copies = keptCopies({
    origin: ORIGIN,
    partitions,
    fetch: async (request) => {
      network.requests.push(request.url);
      if (network.delayMs) await new Promise((resolve) => setTimeout(resolve, network.delayMs));
      if (!network.online) throw new TypeError("Failed to fetch");
      return network.answer(request.url);
    },
    waitUntil: (work) => pending.push(work),
    timeoutMs: 50,
    maxEntries: 3,
    offlinePage: async () => html("<h1>Hors ligne</h1>", null, { "Content-Security-Policy": "default-src 'self'" }),
  });
  /** Lets the copies being written finish. */
  const settle = async () => {
    while (pending.length > 0) await pending.shift();
  };
  return { storage, copies, network, settle };
}

const navigation = (path: string) => new Request(`${ORIGIN}${path}`);

describe("what a copy may be", () => {
  it("a complete HTML page its server did not forbid to store", () => {
    expect(isKeepablePage(html("x", "anonymous"))).toBe(true);
    expect(isKeepablePage(html("x", "anonymous", { "Cache-Control": "private" }))).toBe(true);
    expect(isKeepablePage(html("x", "anonymous", { "Cache-Control": "no-store" }))).toBe(false);
    expect(isKeepablePage(new Response("x", { status: 404, headers: { "Content-Type": "text/html" } }))).toBe(false);
    expect(isKeepablePage(new Response("{}", { headers: { "Content-Type": "application/json" } }))).toBe(false);
    expect(isKeepablePage(Response.redirect(`${ORIGIN}/`, 302))).toBe(false);
  });

  it("a kept /api answer: a 200 JSON, whatever it says to shared caches", () => {
    const json = (status: number) =>
      new Response("{}", { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
    expect(isKeepableJson(json(200))).toBe(true);
    expect(isKeepableJson(json(401))).toBe(false);
    expect(isKeepableJson(html("x", null))).toBe(false);
  });
});

describe("pages", () => {
  it("come from the network, and a copy is kept for the account the answer names", async () => {
    const { storage, copies, settle } = setup();
    const answer = await copies.page(navigation("/outils"));
    expect(await answer.text()).toBe("<h1>/outils</h1>");
    await settle();
    // The start page comes along: it is where the installed app opens.
    expect(storage.urls(partitionName("anonymous")).toSorted()).toEqual([`${ORIGIN}/exo`, `${ORIGIN}/outils`]);
  });

  it("offline, the last copy of that page; a page never kept is the offline page (503)", async () => {
    const { copies, network, settle } = setup();
    await copies.page(navigation("/outils"));
    await settle();
    network.online = false;
    expect(await (await copies.page(navigation("/outils"))).text()).toBe("<h1>/outils</h1>");
    const offline = await copies.page(navigation("/contact"));
    expect(offline.status).toBe(503);
    expect(await offline.text()).toBe("<h1>Hors ligne</h1>");
    expect(offline.headers.get("Content-Security-Policy")).toBe("default-src 'self'");
  });

  it("a builder address never loaded here goes to the kept start page, which restores the builder", async () => {
    const { copies, network, settle } = setup();
    await copies.page(navigation("/"));
    await settle();
    network.online = false;
    const answer = await copies.page(navigation("/exo?mode=seance&choix=pushups"));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${ORIGIN}/exo`);
  });

  it("past the wait, a slow network shows the copy, and its late answer refreshes the copy", async () => {
    const { copies, network, settle, storage } = setup();
    await copies.page(navigation("/outils"));
    await settle();
    network.delayMs = 200;
    network.answer = (url) => html("<h1>fresh</h1>", "anonymous", { "X-Url": url });
    const answer = await copies.page(navigation("/outils"));
    expect(await answer.text()).toBe("<h1>/outils</h1>");
    await settle();
    const cache = await storage.open(partitionName("anonymous"));
    expect(await (await cache.match(`${ORIGIN}/outils`))!.text()).toBe("<h1>fresh</h1>");
  });

  it("a slow network with no copy is waited for", async () => {
    const { copies, network } = setup();
    network.delayMs = 120;
    expect(await (await copies.page(navigation("/contact"))).text()).toBe("<h1>/contact</h1>");
  });

  it("never shows one account's copy once another account's answer came", async () => {
    const { copies, network, settle, storage } = setup();
    network.answer = (url) => html(`<h1>Alice ${new URL(url).pathname}</h1>`, "alice");
    await copies.page(navigation("/exo"));
    await settle();
    // Alice logs out: the next answer is a visitor's.
    network.answer = (url) => html(`<h1>visitor ${new URL(url).pathname}</h1>`, "anonymous");
    await copies.page(navigation("/"));
    await settle();
    expect(await storage.keys()).toEqual([partitionName("anonymous")]);
    network.online = false;
    expect(await (await copies.page(navigation("/exo"))).text()).toBe("<h1>visitor /exo</h1>");
    expect(await (await copies.page(navigation("/historique"))).text()).toBe("<h1>Hors ligne</h1>");
  });

  it("a page that names no account is shown, not kept", async () => {
    const { copies, network, settle, storage } = setup();
    network.answer = () => html("<h1>?</h1>", null);
    await copies.page(navigation("/outils"));
    await settle();
    expect(await storage.keys()).toEqual([]);
  });

  it("keeps at most maxEntries copies, the oldest going first", async () => {
    const { copies, settle, storage } = setup();
    for (const path of ["/a", "/b", "/c", "/d"]) {
      await copies.page(navigation(path));
      await settle();
    }
    expect(storage.urls(partitionName("anonymous"))).toEqual([`${ORIGIN}/b`, `${ORIGIN}/c`, `${ORIGIN}/d`]);
  });
});

describe("answers that are only watched", () => {
  it("a logout's answer, from any request, empties the account's copies", async () => {
    const { copies, network, settle, storage } = setup();
    network.answer = () => html("<h1>Alice</h1>", "alice");
    await copies.page(navigation("/exo"));
    await settle();
    network.answer = () => new Response("{}", { headers: { "Dynami-Account": "anonymous" } });
    await copies.send(new Request(`${ORIGIN}/compte.data`, { method: "POST", body: "intent=logout" }));
    await settle();
    expect(await storage.keys()).toEqual([partitionName("anonymous")]);
    expect(storage.urls(partitionName("anonymous"))).not.toContain(`${ORIGIN}/compte.data`);
  });

  it("offline, the request fails as it would without a worker", async () => {
    const { copies, network } = setup();
    network.online = false;
    await expect(copies.send(new Request(`${ORIGIN}/exo.data`))).rejects.toThrow(TypeError);
  });
});

describe("kept personal answers", () => {
  it("offline, the account's last answer; never another account's; an error when there is none", async () => {
    const { copies, network, settle } = setup();
    const history = (account: string, body: string) => () =>
      new Response(body, { headers: { "Content-Type": "application/json", "Dynami-Account": account } });
    network.answer = history("alice", '{"sessions":[1]}');
    const url = `${ORIGIN}/api/exercises/pushups/history?limit=1`;
    await copies.personal(new Request(url));
    await settle();
    network.online = false;
    expect(await (await copies.personal(new Request(url))).text()).toBe('{"sessions":[1]}');

    network.online = true;
    network.answer = history("bob", "{}");
    await copies.page(navigation("/"));
    await settle();
    network.online = false;
    expect((await copies.personal(new Request(url))).type).toBe("error");
  });
});
