import { describe, expect, it } from "vitest";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import { getInstance, getLocale } from "./i18next.server.ts";

// remix-i18next's middleware, configured with the product's order
// (DECISIONS.md, "Language choice"): ?lng=, the lng cookie, the browser's
// languages, French; ?lng= is remembered in the cookie.

const app = freshTestAppPerTest();

async function languageOf(url: string, headers: Record<string, string> = {}) {
  const response = await callRoute(
    ({ context }) => ({ language: getLocale(context), home: getInstance(context).t("nav.home") }),
    new Request(`http://localhost:3000${url}`, { headers }),
    { context: app.context() },
  );
  const body = (await response.json()) as { language: string; home: string };
  return { ...body, setCookie: response.headers.get("Set-Cookie") };
}

describe("language of a request", () => {
  it("follows ?lng=, then the cookie, then the browser's languages, then French", async () => {
    expect((await languageOf("/?lng=es", { Cookie: "lng=de", "Accept-Language": "en" })).language).toBe("es");
    expect((await languageOf("/", { Cookie: "theme=dark; lng=de", "Accept-Language": "en" })).language).toBe("de");
    expect((await languageOf("/", { "Accept-Language": "en-GB,en;q=0.9" })).language).toBe("en");
    expect((await languageOf("/")).language).toBe("fr");
  });

  it("skips what it does not support and takes the browser's best supported language", async () => {
    expect((await languageOf("/?lng=it", { Cookie: "lng=xx", "Accept-Language": "es" })).language).toBe("es");
    expect((await languageOf("/", { "Accept-Language": "it;q=1, de;q=0.5, en;q=0.8" })).language).toBe("en");
    expect((await languageOf("/", { "Accept-Language": "pt-BR, it" })).language).toBe("fr");
    expect((await languageOf("/?lng=de-AT")).language).toBe("de");
  });

  it("remembers ?lng= in the cookie, and only then", async () => {
    expect((await languageOf("/?lng=en")).setCookie).toMatch(/^lng=en; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect((await languageOf("/", { Cookie: "lng=en" })).setCookie).toBeNull();
    expect((await languageOf("/?lng=it")).setCookie).toBeNull();
  });

  it("hands loaders an i18next instance in that language", async () => {
    expect((await languageOf("/?lng=de")).home).toBe("Startseite");
    expect((await languageOf("/")).home).toBe("Accueil");
  });
});
