import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium, expect, type Page, type Request, test } from "@playwright/test";
import { chromiumLaunchOptions } from "../playwright.config";
import { createVerifiedAccount, type TestAccount } from "./support/accounts";
import { logInAs } from "./support/session";

// The installable app (app/pwa/): the manifest and Chromium's install check,
// the service worker's offline journey on a phone (the builder's four steps
// and its search, a session run and finished with no network, saved once
// when the network returns), the account rules of its page copies, the
// offline page, and the prompt a new version shows. The worker is on here
// only (tests/playwright.config.ts blocks it elsewhere).

test.use({
  serviceWorkers: "allow",
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the worker is registered by the page's script");
// One test at a time: the update test changes the served worker for a moment.
test.describe.configure({ timeout: 120_000, mode: "default" });

const localesDir = path.resolve(import.meta.dirname, "../../locales");
/** The worker's script in the build the e2e server serves. */
const serviceWorkerFile = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client/sw.js");
type Texts = Record<string, unknown>;
const localeFile = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), "utf8")) as Texts;

/** A text of a locale file, by its dotted key, with {{values}} filled in. */
function text(texts: Texts, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split(".").reduce<unknown>((node, part) => (node as Texts | undefined)?.[part], texts);
  if (typeof found !== "string") throw new Error(`No text at ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const PARTITION_PREFIX = "dynami-account-";

/** Waits until the worker controls the page and keeps a copy of /exo for the account signed in now. */
async function workerReady(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async (prefix) => {
          if (!navigator.serviceWorker.controller) return "not controlled yet";
          const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
          if (names.length !== 1) return `${names.length} account caches`;
          return (await (await caches.open(names[0]!)).match("/exo")) ? "ready" : "no copy of /exo yet";
        }, PARTITION_PREFIX),
      { timeout: 60_000, intervals: [250] },
    )
    .toBe("ready");
}

/** The account caches the worker holds, and the pages each keeps. */
function accountCaches(page: Page) {
  return page.evaluate(async (prefix) => {
    const result: Record<string, string[]> = {};
    for (const name of (await caches.keys()).filter((key) => key.startsWith(prefix))) {
      result[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    }
    return result;
  }, PARTITION_PREFIX);
}

async function consentGiven(context: BrowserContext, baseURL: string, language?: string) {
  await context.addCookies([
    { name: "cookie_consent", value: "necessary", url: baseURL },
    ...(language ? [{ name: "lng", value: language, url: baseURL }] : []),
  ]);
}

async function savedSessionsNamed(context: BrowserContext, name: string) {
  const response = await context.request.get("/api/workouts/sessions");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { name: string }[]).filter((session) => session.name === name);
}

test.describe("installable app", () => {
  test("the manifest in the page's language, the icons, and no installability error on /", async ({
    page,
    baseURL,
  }) => {
    for (const [language, name] of [
      ["fr", "Dynami – Sport et nutrition"],
      ["de", "Dynami – Fitness und Ernährung"],
    ] as const) {
      await page.goto(`/?lng=${language}`);
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href).toBe(`/manifest.${language}.webmanifest`);
      const response = await page.request.get(href!);
      expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        name,
        lang: language,
        start_url: "/exo",
        scope: "/",
        display: "standalone",
        theme_color: "#0f766e",
        background_color: "#f6f8f7",
      });
      expect(manifest.description).toBe(text(localeFile(language, "offline"), "manifest.description"));
      for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
        const image = await page.request.get(icon.src);
        expect(image.headers()["content-type"], icon.src).toBe("image/png");
      }
      expect((manifest.icons as { purpose: string }[]).map((icon) => icon.purpose)).toEqual(["any", "any", "maskable"]);
    }

    // The worker's script is looked at again on every visit; the pages allow it and nothing more.
    const script = await page.request.get("/sw.js");
    expect(script.headers()["cache-control"]).toBe("no-cache");
    expect(script.headers()["content-type"]).toMatch(/javascript/);
    const csp = (await page.request.get("/")).headers()["content-security-policy"]!;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);

    // Chromium's own check, in a profile that is not incognito (the check refuses those).
    const profile = await chromium.launchPersistentContext("", {
      ...chromiumLaunchOptions,
      serviceWorkers: "allow",
      baseURL,
    });
    try {
      const installed = profile.pages()[0] ?? (await profile.newPage());
      await installed.goto("/");
      await workerReady(installed);
      const cdp = await profile.newCDPSession(installed);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
      const { url, errors } = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
      expect(url).toMatch(/\/manifest\.fr\.webmanifest$/);
      expect(errors).toEqual([]);
    } finally {
      await profile.close();
    }
  });
});

for (const language of ["fr", "en"] as const) {
  test(`offline on the gym floor (${language}): open /exo, build through the four steps and the search, run, log, finish; saved once back online`, async ({
    page,
    context,
    baseURL,
  }) => {
    const workout = localeFile(language, "workout");
    const session = localeFile(language, "workout-session");
    const account = await createVerifiedAccount({ locale: language });
    await consentGiven(context, baseURL!, language);
    await logInAs(context, account);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));

    // The first cost of the worker: what it downloads when it installs.
    const installBytes: Promise<number>[] = [];
    const countInstall = (request: Request) => {
      if (request.serviceWorker()) {
        installBytes.push(
          request.sizes().then(
            (sizes) => sizes.responseBodySize + sizes.responseHeadersSize,
            () => 0,
          ),
        );
      }
    };
    context.on("requestfinished", countInstall);

    // One visit online.
    await page.goto("/exo");
    await page.locator("form[data-hydrated]").waitFor();
    await workerReady(page);
    context.off("requestfinished", countInstall);
    const downloaded = (await Promise.all(installBytes)).reduce((sum, bytes) => sum + bytes, 0);
    test.info().annotations.push({ type: "worker install download", description: `${downloaded} bytes` });
    console.log(`[offline ${language}] worker install: ${installBytes.length} requests, ${downloaded} bytes`);

    // The network is cut; /exo opens as the installed app's start page would.
    await context.setOffline(true);
    await page.goto("/exo");
    await page.locator("form[data-hydrated]").waitFor();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(account.pseudo);

    const name = `Offline ${language} ${Date.now().toString(36)}`;
    await page.getByLabel(text(workout, "sessionName.label")).fill(name);
    const stepHeading = (index: number) =>
      page.getByRole("heading", { level: 2, name: (workout.steps as { titles: string[] }).titles[index] });
    const choice = (label: string) => page.getByRole("button", { name: new RegExp(`^${label}(\\s|$)`) });
    const next = page.getByRole("button", { name: text(workout, "actions.next"), exact: true });

    await choice(text(workout, "types.muscu")).click();
    await expect(choice(text(workout, "types.muscu"))).toHaveAttribute("aria-pressed", "true");
    await next.click();
    await expect(stepHeading(1)).toBeVisible();
    await choice(text(workout, "equipment.halteres")).click();
    await expect(choice(text(workout, "equipment.halteres"))).toHaveAttribute("aria-pressed", "true");
    await next.click();
    await expect(stepHeading(2)).toBeVisible();
    await page.locator('button[data-zone="pectoraux"] path').first().click();
    await expect(page.getByRole("button", { name: text(workout, "zones.pectoraux"), exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await next.click();
    await expect(stepHeading(3)).toBeVisible();

    const chosen = page.locator('section[aria-labelledby="chosen-title"] li[data-id]');
    const suggestions = page.locator('section[aria-labelledby="suggestions-title"] li[data-id]');
    await expect(suggestions.first()).toBeVisible();
    for (let added = 1; added <= 2; added++) {
      await suggestions
        .first()
        .getByRole("button", { name: new RegExp(`^${text(workout, "list.add")}`) })
        .click();
      await expect(chosen).toHaveCount(added);
    }

    // The search, offline too.
    await page.getByRole("button", { name: text(workout, "list.addMore") }).click();
    await expect(page.getByRole("heading", { level: 2, name: text(workout, "search.title") })).toBeVisible();
    await page.getByLabel(text(workout, "search.nameLabel")).fill(language === "fr" ? "gainage" : "plank");
    const tickable = page.locator("li > input[type=checkbox]:not(:disabled)");
    await expect(tickable.first()).toBeVisible();
    await page.getByLabel(text(workout, "search.nameLabel")).press("Enter");
    await expect(tickable.first()).toBeChecked();
    await page.getByRole("button", { name: text(workout, "search.addCount_one", { count: 1 }) }).click();
    await expect(stepHeading(3)).toBeVisible();
    await expect(chosen).toHaveCount(3);
    const plannedIds = await chosen.evaluateAll((items) => items.map((item) => item.getAttribute("data-id")!));

    // Run it: the session view's code comes from the worker too.
    await page.getByRole("button", { name: text(workout, "actions.letsGo") }).click();
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await page.getByRole("button", { name: text(session, "timer.start") }).click();
    const card = (id: string) => page.locator(`li[data-id="${id}"]`);
    for (const id of plannedIds.slice(0, 2)) {
      await card(id)
        .getByRole("button", { name: text(session, "card.log") })
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(text(session, "sets.reps")).first().fill("10");
      await dialog.getByRole("button", { name: text(session, "sets.validate") }).click();
      await expect(dialog).toBeHidden();
      await expect(card(id)).toContainText(text(session, "card.done"));
    }
    await page.getByRole("button", { name: text(session, "timer.finish"), exact: true }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: text(session, "confirm.confirm"), exact: true })
      .click();
    const summary = page.getByRole("region", { name: text(session, "summary.title") });
    await expect(summary.getByText(text(session, "saving.keptOnDevice"))).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("suiviePendingSessions") ?? "[]").length)).toBe(1);
    expect(await savedSessionsNamed(context, name)).toEqual([]);

    // The network returns: the outbox sends it, once.
    await context.setOffline(false);
    await expect(summary.getByText(text(session, "saving.saved"))).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem("suiviePendingSessions"))).toBeNull();
    const saved = await savedSessionsNamed(context, name);
    expect(saved).toHaveLength(1);
    await page.reload();
    await page.locator("form[data-hydrated]").waitFor();
    expect(await savedSessionsNamed(context, name)).toHaveLength(1);
    expect(problems).toEqual([]);
  });
}

test.describe("page copies and accounts", () => {
  /** Signs `account` in, shows /exo (the worker keeps it), and returns the page. */
  async function visitSignedIn(page: Page, context: BrowserContext, account: TestAccount) {
    await logInAs(context, account);
    await page.goto("/exo");
    await page.locator("form[data-hydrated]").waitFor();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(account.pseudo);
    await workerReady(page);
    expect(Object.keys(await accountCaches(page))).toHaveLength(1);
  }

  /** What /exo shows offline: a copy, or the offline page; never `account`'s. */
  async function offlineExoShowsNothingOf(page: Page, context: BrowserContext, account: TestAccount) {
    await context.setOffline(true);
    await page.goto("/exo");
    await expect(page.locator("body")).not.toContainText(account.pseudo);
    await expect(page.locator("main h1")).toBeVisible();
    await context.setOffline(false);
  }

  test("logged out with JavaScript (the header's button): the account's copies are gone, offline too", async ({
    page,
    context,
    baseURL,
  }) => {
    await consentGiven(context, baseURL!);
    const account = await createVerifiedAccount();
    await visitSignedIn(page, context, account);
    const before = Object.keys(await accountCaches(page));

    await page.getByRole("banner").getByRole("button", { name: "Se déconnecter", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).not.toContainText(account.pseudo);
    await expect.poll(async () => Object.keys(await accountCaches(page))).toEqual([`${PARTITION_PREFIX}anonymous`]);
    expect(before).not.toContain(`${PARTITION_PREFIX}anonymous`);
    await offlineExoShowsNothingOf(page, context, account);
  });

  test("logged out by a page that runs no script: the next page's answer empties the copies", async ({
    page,
    context,
    baseURL,
  }) => {
    await consentGiven(context, baseURL!);
    const account = await createVerifiedAccount();
    await visitSignedIn(page, context, account);

    // A second tab of the same browser with scripts off: its form posts, the worker only sees what follows.
    const plain = await context.newPage();
    const cdp = await context.newCDPSession(plain);
    await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
    await plain.goto("/exo");
    await expect(plain.getByRole("heading", { level: 1 })).toContainText(account.pseudo);
    const logout = plain.waitForResponse((response) => response.request().method() === "POST");
    await plain.getByRole("banner").getByRole("button", { name: "Se déconnecter", exact: true }).click();
    const answer = await logout;
    // (Its Clear-Site-Data header is the browser's to apply: Chromium does not show it here. app/server tests check it.)
    expect(answer.headers()["dynami-account"]).toBe("anonymous");
    await expect(plain.getByRole("heading", { level: 1 })).not.toContainText(account.pseudo);
    await expect.poll(async () => Object.keys(await accountCaches(page))).toEqual([`${PARTITION_PREFIX}anonymous`]);
    await offlineExoShowsNothingOf(page, context, account);
  });

  test("another account signing in on the same browser never gets the first one's copies", async ({
    page,
    context,
    baseURL,
  }) => {
    await consentGiven(context, baseURL!);
    const first = await createVerifiedAccount();
    const second = await createVerifiedAccount();
    await visitSignedIn(page, context, first);
    // The first account's session simply ends (no logout: its cookie is gone), the second signs in.
    await context.clearCookies({ name: "dynami_session" });
    await visitSignedIn(page, context, second);
    await context.setOffline(true);
    await page.goto("/exo");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(second.pseudo);
    await expect(page.locator("body")).not.toContainText(first.pseudo);
    await context.setOffline(false);
  });

  test("a page never kept offline is the offline page, in the visitor's language", async ({
    page,
    context,
    baseURL,
  }) => {
    await consentGiven(context, baseURL!, "de");
    await page.goto("/exo");
    await workerReady(page);
    await context.setOffline(true);
    const answer = await page.goto("/contact");
    expect(answer?.status()).toBe(503);
    const offline = localeFile("de", "offline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(offline, "page.heading"));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: text(offline, "page.openWorkout") })).toHaveAttribute("href", "/exo");
    // Pages seen before are there.
    await page.goto("/exo");
    await page.locator("form[data-hydrated]").waitFor();
    await context.setOffline(false);
  });
});

test("a new version waits, the page offers 'Recharger', and taking it reloads into the new worker", async ({
  page,
  context,
  baseURL,
}) => {
  await consentGiven(context, baseURL!);
  await page.goto("/");
  await workerReady(page);

  // The next build's worker: the served script with other bytes (the server reads it from the build at each
  // request; the browser's own update check asks for it, which no route of a test can answer).
  const original = readFileSync(serviceWorkerFile);
  const state = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), installing: Boolean(registration?.installing) };
    });
  try {
    writeFileSync(serviceWorkerFile, Buffer.concat([original, Buffer.from(`\n// next build ${Date.now()}\n`)]));
    await page.reload();
    const prompt = page.getByRole("status").filter({ hasText: "Nouvelle version disponible" });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    // It waits: the page still runs on the worker it started with.
    expect(await state()).toEqual({ waiting: true, installing: false });
    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "Recharger" }).click();
    await reloaded;
    await expect(page.getByText("Nouvelle version disponible")).toBeHidden();
    expect(await state()).toEqual({ waiting: false, installing: false });
  } finally {
    writeFileSync(serviceWorkerFile, original);
  }
});
