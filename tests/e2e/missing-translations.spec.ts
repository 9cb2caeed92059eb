import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { demoAdmin, demoUser } from "./support/server";
import { logInAs } from "./support/session";
import { waitForHydration } from "./support/hydration";
import { contentPages } from "./support/pages";

// Every page renders with the namespaces its routes declare (handle.i18n)
// and nothing else: a text of a namespace a route forgot comes out as its
// key ("reviews.form.title"). This walks every page, in the four languages,
// with JavaScript (after hydration, so client rendering counts too) and
// without, signed out and signed in, and looks for keys among what a person
// or a screen reader gets: text, labels, titles, placeholders.

const localesDir = path.resolve(import.meta.dirname, "../../locales");
const languages = ["fr", "en", "de", "es"] as const;

/** Every key of every namespace, "a.b.c" (plural suffixes dropped), and the namespaces' names. */
function knownKeys() {
  const keys = new Set<string>();
  const namespaces = readdirSync(path.join(localesDir, "fr")).map((file) => file.replace(/\.json$/, ""));
  const walk = (value: unknown, prefix: string) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
      return;
    }
    for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  for (const namespace of namespaces) {
    walk(JSON.parse(readFileSync(path.join(localesDir, "fr", `${namespace}.json`), "utf8")), "");
  }
  return { keys, namespaces };
}

const { keys, namespaces } = knownKeys();

/** Words that look like keys ("a.b", "ns:a.b") and are one. */
function keysIn(text: string): string[] {
  const found: string[] = [];
  for (const [token] of text.matchAll(/[A-Za-z][\w-]*(?::[\w-]+(?:\.[\w-]+)*|(?:\.[\w-]+)+)/g)) {
    const [maybeNamespace, rest] = token.split(":");
    if (rest !== undefined && namespaces.includes(maybeNamespace!)) found.push(token);
    else if (keys.has(token.split(":").at(-1)!)) found.push(token);
  }
  return found;
}

/** What the page says: every text node (hidden panels too), the title, and the attributes read aloud or shown. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title];
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent === "SCRIPT" || parent === "STYLE" || parent === "TEMPLATE") continue;
      if (node.textContent?.trim()) texts.push(node.textContent);
    }
    for (const element of document.querySelectorAll("*")) {
      for (const name of ["aria-label", "aria-description", "aria-roledescription", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
      if (element instanceof HTMLMetaElement && element.name === "description") texts.push(element.content);
    }
    return texts;
  });
}

async function expectNoKeys(page: Page, pagePath: string, language: string, js: boolean) {
  const separator = pagePath.includes("?") ? "&" : "?";
  await page.goto(`${pagePath}${separator}lng=${language}`, { waitUntil: "networkidle" });
  if (js) await waitForHydration(page);
  const found = (await pageTexts(page)).flatMap(keysIn);
  expect(found, `${pagePath} (${language}, ${js ? "JavaScript" : "no JavaScript"})`).toEqual([]);
}

const signedOutPages = [
  ...contentPages,
  "/outils?onglet=calories",
  "/page-qui-n-existe-pas",
  "/?compte=login",
  "/?compte=create",
  "/?compte=forgot",
  "/newsletter",
  "/newsletter/confirmer",
  "/newsletter/confirmer?token=inconnu",
  "/newsletter/desinscription",
  "/newsletter/desinscription?token=inconnu",
  "/avis/nouveau",
  "/verify-email?token=inconnu",
  "/reset-password?token=inconnu",
  "/admin",
  "/exo",
  "/exo?etape=2&type=muscu",
  "/exo?etape=3&type=muscu&equipement=halteres",
  "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press",
  "/exo?mode=recherche",
];
const userPages = ["/?compte=history", "/avis/nouveau", "/admin", "/exo"];
const adminPages = ["/admin", "/admin?onglet=newsletter", "/admin/newsletter/new"];

test.describe.configure({ timeout: 180_000 });

async function signedIn(context: BrowserContext, account: { pseudo: string; password: string }) {
  await logInAs(context, account);
  return context.newPage();
}

for (const language of languages) {
  test(`no page shows a translation key, signed out (${language})`, async ({ page }, testInfo) => {
    for (const pagePath of signedOutPages) await expectNoKeys(page, pagePath, language, testInfo.project.name === "js");
  });

  test(`no page shows a translation key, signed in (${language})`, async ({ browser }, testInfo) => {
    const js = testInfo.project.name === "js";
    const options = { javaScriptEnabled: js, locale: "fr-FR" };
    const userContext = await browser.newContext(options);
    const userPage = await signedIn(userContext, demoUser);
    for (const pagePath of userPages) await expectNoKeys(userPage, pagePath, language, js);
    if (js) {
      // The review dialog, loaded on demand from the home page.
      await expectNoKeys(userPage, "/", language, js);
      await userPage.locator("#avis a[href='/avis/nouveau']").first().click();
      await expect(userPage.getByRole("dialog")).toBeVisible();
      expect((await pageTexts(userPage)).flatMap(keysIn), `review dialog (${language})`).toEqual([]);
    }
    await userContext.close();

    const adminContext = await browser.newContext(options);
    const adminPage = await signedIn(adminContext, demoAdmin);
    for (const pagePath of adminPages) await expectNoKeys(adminPage, pagePath, language, js);
    await adminContext.close();
  });
}
