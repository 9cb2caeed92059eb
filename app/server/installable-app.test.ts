import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, killStartedServers, type ServerProcess, startServer } from "~/testing/server-process";

// The installable app as the real server serves it (the built app): the
// worker's script and the manifests, and the account header its page copies
// follow (app/pwa/worker/account-partition.ts), on every way a session
// starts or ends.

let server: ServerProcess;
beforeAll(async () => {
  assertBuilt();
  server = await startServer();
  await server.listening;
}, 30_000);
afterAll(killStartedServers);

const demo = { identifier: "demo", password: "demo-dynami-2026" };
const admin = { identifier: "admin", password: "admin-dynami-2026" };

/** Signs in through the API; the cookie to send as a browser would. */
async function signIn(credentials: { identifier: string; password: string }) {
  const response = await fetch(`${server.origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
  const { token } = (await response.json()) as { token: string };
  return { cookie, token, account: response.headers.get("Dynami-Account") };
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.origin}${path}`, { headers });

function form(fields: Record<string, string>) {
  return { "Content-Type": "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() };
}

describe("the installable app's files", () => {
  it("serves the worker's script to be checked on every visit, the manifests as manifests", async () => {
    const script = await get("/sw.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Cache-Control")).toBe("no-cache");
    expect(script.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("/hors-ligne/");

    const manifest = await get("/manifest.es.webmanifest");
    expect(manifest.headers.get("Content-Type")).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ lang: "es", name: "Dynami – Deporte y nutrición" });
    // The other static files keep their hour.
    expect(manifest.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("every page links the manifest of its language", async () => {
    for (const language of ["fr", "en", "de", "es"]) {
      const html = await (await get(`/?lng=${language}`)).text();
      expect(html).toContain(`<link rel="manifest" href="/manifest.${language}.webmanifest"/>`);
      expect(html).toContain('<meta name="theme-color" content="#0f766e"/>');
    }
  });

  it("the offline pages hold no script, in their language", async () => {
    const html = await (await get("/hors-ligne/de.html")).text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Gerade kein Netz");
    expect(html).not.toMatch(/<script/i);
  });
});

describe("Dynami-Account: who the browser is signed in as after each answer", () => {
  it("a visitor's pages say anonymous, from the render cache as well", async () => {
    const first = await get("/outils");
    const second = await get("/outils");
    expect(second.headers.get("X-Render-Cache")).toMatch(/^(hit|stale)$/);
    for (const answer of [first, second]) {
      expect(answer.headers.get("Dynami-Account")).toBe("anonymous");
      expect(answer.headers.get("Clear-Site-Data")).toBeNull();
    }
    // A static file never looked at the session: it says nothing.
    expect((await get("/favicon.svg")).headers.get("Dynami-Account")).toBeNull();
  });

  it("a signed-in page names its account by a key: the same for each of its sessions, another for another account, never the id", async () => {
    const demoSession = await signIn(demo);
    const demoAgain = await signIn(demo);
    const adminSession = await signIn(admin);
    const page = await get("/exo", { Cookie: demoSession.cookie });
    const key = page.headers.get("Dynami-Account")!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The login's own answer already names it (the session it starts).
    expect(demoSession.account).toBe(key);
    expect((await get("/exo", { Cookie: demoAgain.cookie })).headers.get("Dynami-Account")).toBe(key);
    expect((await get("/", { Cookie: adminSession.cookie })).headers.get("Dynami-Account")).not.toBe(key);
    const me = (await (await get("/api/me", { Cookie: demoSession.cookie })).json()) as { id: string };
    expect(key).not.toContain(me.id);
    // The builder's data requests say it too (the worker also watches those).
    const data = await get("/exo.data?etape=1&type=muscu", { Cookie: demoSession.cookie });
    expect(data.headers.get("Dynami-Account")).toBe(key);
  });

  it("a bearer token says nothing of the browser's cookie: no header", async () => {
    const { token } = await signIn(demo);
    const answer = await get("/api/me", { Authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Dynami-Account")).toBeNull();
  });

  const signedOut = (answer: Response) => {
    expect(answer.headers.get("Dynami-Account")).toBe("anonymous");
    // The browser's HTTP cache of the site goes too (the back button shows nothing of the account).
    expect(answer.headers.get("Clear-Site-Data")).toBe('"cache"');
  };

  it("logging out (the dialog's form, POST /api/logout) answers signed out", async () => {
    const viaForm = await signIn(demo);
    const formAnswer = await fetch(`${server.origin}/compte`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: viaForm.cookie, ...form({}) },
      body: form({ intent: "logout", redirectTo: "/exo" }).body,
    });
    expect(formAnswer.status).toBe(303);
    signedOut(formAnswer);

    const viaApi = await signIn(demo);
    const apiAnswer = await fetch(`${server.origin}/api/logout`, {
      method: "POST",
      headers: { Cookie: viaApi.cookie },
    });
    expect(apiAnswer.status).toBe(200);
    signedOut(apiAnswer);
  });

  it("logging out everywhere (the page's form, POST /api/me/logout-all) answers signed out", async () => {
    const viaPage = await signIn(demo);
    const pageAnswer = await fetch(`${server.origin}/mon-compte`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: viaPage.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "logout-all" }).toString(),
    });
    expect(pageAnswer.status).toBe(303);
    signedOut(pageAnswer);

    const viaApi = await signIn(demo);
    const apiAnswer = await fetch(`${server.origin}/api/me/logout-all`, {
      method: "POST",
      headers: { Cookie: viaApi.cookie },
    });
    expect(apiAnswer.status).toBe(200);
    signedOut(apiAnswer);
  });

  it("deleting the account (the page's form, DELETE /api/me) answers signed out", async () => {
    const viaPage = await signIn(demo);
    const pageAnswer = await fetch(`${server.origin}/mon-compte`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: viaPage.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", password: demo.password, confirm: "on" }).toString(),
    });
    expect(pageAnswer.status).toBe(303);
    signedOut(pageAnswer);

    const viaApi = await signIn(admin);
    const apiAnswer = await fetch(`${server.origin}/api/me`, {
      method: "DELETE",
      headers: { Cookie: viaApi.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ password: admin.password }),
    });
    expect(apiAnswer.status).toBe(200);
    signedOut(apiAnswer);
  });
});
