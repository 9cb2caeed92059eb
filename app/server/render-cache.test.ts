import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { gzipForDynamicAnswers } from "./compressed-assets.ts";
import { cacheKey, createRenderCache, inlineScriptHashes, isCacheableRequest } from "./render-cache.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

// The cache in front of a stand-in app wired like app/server/main.ts: a
// fresh nonce per request, the cache, compression, then a page that shows
// the signed-in user when there is one and carries inline scripts.

let server: Server | null = null;
let clock = 0;
/** While set, pages wait for it before they are written (a render in progress). */
let renderGate: Promise<void> | null = null;
/** While true, pages answer with a cookie, so they may not be stored. */
let answerWithCookie = false;

async function startApp(pageHeaders: Record<string, string> = {}) {
  const cache = createRenderCache({
    ttlMs: 10_000,
    maxEntries: 3,
    now: () => clock,
    nonceOf: (res) => String(res.locals.nonce),
    contentSecurityPolicy: (scriptHashes) =>
      contentSecurityPolicy({ scriptHashes, isViteDev: false, isProduction: true }),
  });
  let renders = 0;
  const app = express();
  app.use((_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.set("Content-Security-Policy", contentSecurityPolicy({ nonce, isViteDev: false, isProduction: true }));
    next();
  });
  app.use(cache.serve);
  app.use(gzipForDynamicAnswers);
  app.use(compression());
  app.use(cache.capture);
  app.get("/{*splat}", (req, res, next) => {
    renders++;
    // A render in progress: the page is written once the gate opens.
    if (renderGate) renderGate.then(() => writePage(req, res), next);
    else writePage(req, res);
  });
  const writePage = (req: express.Request, res: express.Response) => {
    const session = /dynami_session=(\w+)/.exec(req.headers.cookie ?? "")?.[1];
    const nonce = String(res.locals.nonce);
    res.set(pageHeaders);
    if (req.query["lng"]) res.append("Set-Cookie", `lng=${String(req.query["lng"])}; Path=/`);
    if (answerWithCookie) res.append("Set-Cookie", "seen=1; Path=/");
    res.type("html");
    res.write(
      `<!DOCTYPE html><html><head><script nonce="${nonce}">window.page = ${JSON.stringify(req.path)};</script>`,
    );
    res.end(
      `</head><body>${session ? `<p>Bonjour ${session}</p>` : "<p>Bonjour</p>"}${"<p>texte</p>".repeat(200)}` +
        `<script type="application/json">{"data":1}</script><script type="module" nonce="${nonce}">import("/app.js");</script></body></html>`,
    );
  };
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server!.address() as AddressInfo;
  return {
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers: { "Accept-Encoding": "identity", ...headers } }),
    renders: () => renders,
    cache,
  };
}

afterEach(async () => {
  const running = server;
  if (running) await new Promise((resolve) => running.close(resolve));
  server = null;
  clock = 0;
  renderGate = null;
  answerWithCookie = false;
});

describe("render cache", () => {
  it("serves an anonymous page again, with its inline scripts allowed by hash and no nonce left", async () => {
    const app = await startApp();
    const first = await app.get("/");
    expect(first.headers.get("X-Render-Cache")).toBe("miss");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(firstNonce).toBeTruthy();
    const firstBody = await first.text();
    expect(firstBody).toContain(`nonce="${firstNonce}"`);

    const second = await app.get("/");
    expect(second.headers.get("X-Render-Cache")).toBe("hit");
    expect(app.renders()).toBe(1);
    const csp = second.headers.get("Content-Security-Policy") ?? "";
    const body = await second.text();
    expect(csp).not.toContain("'nonce-");
    expect(body).not.toContain("nonce=");
    expect(body).not.toContain(firstNonce);
    expect(body).toBe(firstBody.replaceAll(` nonce="${firstNonce}"`, ""));
    // Both executable inline scripts, not the JSON one.
    const hashes = inlineScriptHashes(body);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(csp).toContain(hash);
    expect(csp).toContain("'strict-dynamic'");
  });

  it("never serves or stores a page asked for with a session, a flash message or credentials", async () => {
    const app = await startApp();
    const personal = await app.get("/compte", { Cookie: "dynami_session=Lea; lng=fr" });
    expect(personal.headers.get("X-Render-Cache")).toBe("bypass");
    expect(await personal.text()).toContain("Bonjour Lea");
    const again = await app.get("/compte", { Cookie: "dynami_session=Lea; lng=fr" });
    expect(again.headers.get("X-Render-Cache")).toBe("bypass");

    // An anonymous visitor of the same address and preferences gets a page rendered for them.
    const anonymous = await app.get("/compte", { Cookie: "lng=fr" });
    expect(anonymous.headers.get("X-Render-Cache")).toBe("miss");
    expect(await anonymous.text()).not.toContain("Lea");

    const credentials: Record<string, string>[] = [
      { Cookie: "lng=fr; account_flash=abc" },
      { Cookie: "unknown=1" },
      { Authorization: "Bearer token" },
    ];
    for (const headers of credentials) {
      const response = await app.get("/compte", headers);
      expect(response.headers.get("X-Render-Cache"), JSON.stringify(headers)).toBe("bypass");
    }
    expect(app.renders()).toBe(6);
  });

  it("does not store an answer that sets a cookie or forbids storing", async () => {
    const app = await startApp();
    await app.get("/?lng=en");
    expect((await app.get("/?lng=en")).headers.get("X-Render-Cache")).toBe("miss");
    server!.close();

    const noStore = await startApp({ "Cache-Control": "no-store" });
    await noStore.get("/reset-password?token=abc");
    expect((await noStore.get("/reset-password?token=abc")).headers.get("X-Render-Cache")).toBe("miss");
    expect(noStore.cache.size()).toBe(0);
  });

  it("keys pages by address, preference cookies and the headers a page depends on", async () => {
    const app = await startApp();
    const variants: Record<string, string>[] = [
      {},
      { Cookie: "lng=de" },
      { Cookie: "theme=dark" },
      { "Accept-Language": "es" },
      { "Sec-CH-Prefers-Color-Scheme": "dark" },
    ];
    for (const headers of variants) expect((await app.get("/", headers)).headers.get("X-Render-Cache")).toBe("miss");
    expect((await app.get("/outils")).headers.get("X-Render-Cache")).toBe("miss");
    expect(new Set(variants.map((headers) => cacheKey({ originalUrl: "/", headers: lower(headers) }))).size).toBe(5);
  });

  it("forgets a page after its time, and the least recently used beyond its size", async () => {
    const app = await startApp();
    await app.get("/a");
    clock = 9_000;
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("hit");
    clock = 20_001;
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("miss");
    await app.get("/b");
    await app.get("/c");
    await app.get("/d");
    expect(app.cache.size()).toBe(3);
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("miss");
  });

  it("once a page's time is up, renders it again once while the others still get the older copy", async () => {
    const app = await startApp();
    await app.get("/a");
    expect(app.renders()).toBe(1);
    clock = 12_000;
    let release!: () => void;
    renderGate = new Promise((resolve) => {
      release = resolve;
    });
    const refresh = app.get("/a");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The render has started and waits: the next visitors are not held up, nor do they render.
    const meanwhile = await Promise.all([app.get("/a"), app.get("/a")]);
    expect(meanwhile.map((answer) => answer.headers.get("X-Render-Cache"))).toEqual(["stale", "stale"]);
    expect(await meanwhile[0]!.text()).toContain("<p>Bonjour</p>");
    expect(app.renders()).toBe(2);
    release();
    expect((await refresh).headers.get("X-Render-Cache")).toBe("miss");
    // The new copy counts from its own render.
    clock = 21_000;
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("hit");
    expect(app.renders()).toBe(2);
  });

  it("renders again after a refresh that could not be stored, one request at a time", async () => {
    const app = await startApp();
    await app.get("/a");
    clock = 12_000;
    // The page now answers with a cookie: each refresh renders, none is stored, the older copy stays.
    answerWithCookie = true;
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("miss");
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("miss");
    expect(app.renders()).toBe(3);
    answerWithCookie = false;
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("miss");
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("hit");
    expect(app.renders()).toBe(4);
    // Past ttlMs + staleMs nothing older is served.
    clock = 12_000 + 20_001;
    expect((await app.get("/a")).headers.get("X-Render-Cache")).toBe("miss");
  });

  it("sends the stored page compressed once, brotli only where it beats gzip", async () => {
    const app = await startApp();
    const original = await (await app.get("/")).text();
    // Compressed when asked for again: gzip at once, brotli off the request.
    const gzipped = await app.get("/", { "Accept-Encoding": "gzip" });
    expect(gzipped.headers.get("X-Render-Cache")).toBe("hit");
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const brotli = await app.get("/", { "Accept-Encoding": "br, gzip" });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(Number(brotli.headers.get("Content-Length"))).toBeLessThan(Number(gzipped.headers.get("Content-Length")));
    // fetch decodes: the same page either way.
    expect(await brotli.text()).toBe(await gzipped.text());
    expect(original.length).toBeGreaterThan(1000);
  });

  it("only considers GET requests whose cookies are all preferences", () => {
    const request = (method: string, cookie?: string) => ({ method, headers: cookie ? { cookie } : {} });
    expect(isCacheableRequest(request("GET"))).toBe(true);
    expect(isCacheableRequest(request("GET", "lng=de; theme=dark; cookie_consent=necessary"))).toBe(true);
    expect(isCacheableRequest(request("POST"))).toBe(false);
    expect(isCacheableRequest(request("HEAD"))).toBe(false);
    expect(isCacheableRequest(request("GET", "lng=de; dynami_session=x"))).toBe(false);
  });
});

function lower(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
