import { expect, type Page, test } from "@playwright/test";
import { demoAdmin, demoUser } from "./support/server";
import { jsEnabled, logInAs } from "./support/session";
import { waitForHydration } from "./support/hydration";
import { contentPages } from "./support/pages";

// Keyboard and small-screen checks (WCAG 2.2): focus never hides under the
// cookie banner (2.4.11), no sideways scrolling at 320 px (1.4.10), and focus
// lands somewhere meaningful after the flows that used to drop it.

/** Who looks at a page: a visitor, the demo user, or the demo admin (seeded in the e2e server). */
type Viewer = "visitor" | "member" | "admin";
const accounts = { member: demoUser, admin: demoAdmin } as const;

/** A workout as the builder's 'C'est parti' opens it (tests/e2e/workout-session.spec.ts). */
const workoutSession = "/exo?mode=seance&choix=dumbbell-bench-press&choix=pushups&choix=running&nom=S%C3%A9ance+e2e";

/** Every page, and who can see it. Tokens in mail links are bogus: the pages still render their message. */
const pages: { path: string; viewer: Viewer }[] = [
  ...[
    ...contentPages,
    "/outils?onglet=calories",
    "/page-qui-n-existe-pas",
    "/exo",
    "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux",
    workoutSession,
    "/newsletter",
    "/avis/nouveau",
    "/reset-password?token=jeton-bidon",
    "/verify-email?token=jeton-bidon",
    "/newsletter/confirmer?token=jeton-bidon",
    "/newsletter/desinscription?token=jeton-bidon",
    "/mon-compte/email?token=jeton-bidon",
    "/?compte=login",
    "/?compte=create",
    "/?compte=forgot",
  ].map((path) => ({ path, viewer: "visitor" as const })),
  ...["/historique", "/mon-compte", "/?compte=history"].map((path) => ({ path, viewer: "member" as const })),
  ...["/admin", "/admin/newsletter/new"].map((path) => ({ path, viewer: "admin" as const })),
];

const languages = ["fr", "en", "de", "es"];

/** A signed-in page really showed, not the login view a visitor is sent to (or the 401 page). */
function expectSignedInView(page: Page, path: string, status: number | undefined) {
  expect(status, path).toBe(200);
  const landed = new URL(page.url());
  expect(landed.pathname, path).toBe(new URL(path, landed).pathname);
  expect(landed.searchParams.get("compte"), path).toBe(new URL(path, landed).searchParams.get("compte"));
}

test.describe("at phone size, with the cookie banner showing", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path, viewer } of pages) {
    const who = viewer === "visitor" ? "" : ` (${viewer === "member" ? "signed in" : "the admin"})`;
    test(`no element reached with Tab hides under the banner on ${path}${who}`, async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      if (viewer !== "visitor") await logInAs(page, accounts[viewer]);
      const response = await page.goto(path);
      if (viewer !== "visitor") expectSignedInView(page, path, response?.status());
      if (jsEnabled(testInfo.project.name)) await waitForHydration(page);
      const banner = page.locator('[aria-labelledby="consent-banner-title"]');
      await expect(banner).toBeVisible();
      const stops = await page.evaluate(
        () => document.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]").length,
      );
      const hidden: string[] = [];
      let previous = "";
      for (let step = 0; step < stops + 5; step++) {
        await page.keyboard.press("Tab");
        const report = await page.evaluate(() => {
          const focused = document.activeElement;
          const bannerElement = document.querySelector('[aria-labelledby="consent-banner-title"]');
          if (!focused || focused === document.body || !bannerElement) return null;
          const describe = `${focused.tagName.toLowerCase()} "${(focused.textContent ?? "").trim().slice(0, 40) || focused.getAttribute("aria-label") || focused.id}"`;
          if (bannerElement.contains(focused)) return { describe, covered: false, inBanner: true };
          const box = focused.getBoundingClientRect();
          // A multi-line field is typed in at its caret, which the browser keeps in view (on arrival,
          // its first line): that line must be clear of the banner, the empty lines below may not be.
          const style = getComputedStyle(focused);
          const firstLine =
            box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop) + parseFloat(style.lineHeight);
          const element =
            focused.tagName === "TEXTAREA" && Number.isFinite(firstLine) && firstLine < box.bottom
              ? new DOMRect(box.left, box.top, box.width, firstLine - box.top)
              : box;
          const bannerBox = bannerElement.getBoundingClientRect();
          const overlaps = element.height > 0 && element.bottom > bannerBox.top + 1 && element.top < bannerBox.bottom;
          if (!overlaps) return { describe, covered: false, inBanner: false };
          // Overlapping boxes hide the element only when the banner is painted above it
          // there (a dialog in the top layer, or above the banner, is not hidden).
          const x = (Math.max(element.left, bannerBox.left) + Math.min(element.right, bannerBox.right)) / 2;
          const y = (Math.max(element.top, bannerBox.top) + Math.min(element.bottom, bannerBox.bottom)) / 2;
          const onTop = document.elementFromPoint(x, y);
          return { describe, covered: onTop === null || bannerElement.contains(onTop), inBanner: false };
        });
        if (!report) continue;
        if (report.covered) hidden.push(report.describe);
        // Once Tab has gone round the page and into the banner, we have seen everything.
        if (report.inBanner && previous && !previous.startsWith("banner")) break;
        previous = report.inBanner ? `banner ${report.describe}` : report.describe;
      }
      expect(hidden).toEqual([]);
    });
  }
});

test.describe("at 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 720 } });

  for (const language of languages) {
    test(`no page scrolls sideways in ${language}`, async ({ browser }, testInfo) => {
      test.setTimeout(120_000);
      const js = jsEnabled(testInfo.project.name);
      const overflowing: string[] = [];
      // One page per viewer, each visiting its pages in turn.
      for (const viewer of ["visitor", "member", "admin"] as const) {
        const context = await browser.newContext({
          viewport: { width: 320, height: 720 },
          javaScriptEnabled: js,
          locale: "fr-FR",
        });
        if (viewer !== "visitor") await logInAs(context, accounts[viewer]);
        const page = await context.newPage();
        for (const { path } of pages.filter((entry) => entry.viewer === viewer)) {
          const separator = path.includes("?") ? "&" : "?";
          const response = await page.goto(`${path}${separator}lng=${language}`);
          if (viewer !== "visitor") expectSignedInView(page, path, response?.status());
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          if (js) await waitForHydration(page);
          const widths = await page.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            window: document.documentElement.clientWidth,
            culprits: [...document.querySelectorAll("body *")]
              .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
              .slice(0, 3)
              .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
          }));
          if (widths.page > widths.window)
            overflowing.push(`${path}: ${widths.page}px (${widths.culprits.join(", ")})`);
        }
        await context.close();
      }
      expect(overflowing).toEqual([]);
    });
  }
});

test.describe("focus after a flow", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL ?? "" }]);
  });

  test("choosing a menu entry moves focus to the new page, which is announced", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "without JavaScript the browser loads a new page");
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("Ouvrir le menu").focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Navigation principale" });
    await menu.getByRole("link", { name: "Outils" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/outils$/);
    await expect(page.locator("main")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Outils | Dynami" })).toBeAttached();

    // An entry of the same page scrolls to its section and takes focus there.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByLabel("Ouvrir le menu").click();
    await menu.getByRole("link", { name: "À propos" }).click();
    await expect(page.locator("#a-propos")).toBeFocused();
  });

  test("after sending the contact form, focus is on the outcome", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "without JavaScript the page comes back with the outcome");
    test.setTimeout(60_000);
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.locator("#contact-form");
    await form.getByLabel("Nom").fill("Camille");
    await form.getByLabel("Ton e-mail").fill("camille@example.fr");
    await form.getByLabel("Sujet").fill("Focus");
    await form.getByLabel("Message").fill("Où va le focus ?");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Envoyer" }).focus();
    await page.keyboard.press("Enter");
    const outcome = form.getByText("Message envoyé ✔");
    await expect(outcome).toBeVisible({ timeout: 15_000 });
    await expect(outcome).toBeFocused();
  });

  test("after logging in and pressing Escape, focus is on the account controls", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "the dialog closes with Escape only with JavaScript");
    test.setTimeout(60_000);
    await page.goto("/outils");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Se connecter", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Afficher le mot de passe" })).toBeVisible();
    await dialog.getByLabel("Email ou pseudo").fill(demoUser.pseudo);
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(demoUser.password);
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    // Logged in: the header's login icon gave way to the account ones, and the dialog shows the history.
    const header = page.getByRole("banner");
    const accountControl = header.getByRole("link", { name: "Historique" });
    await expect(accountControl).toBeVisible({ timeout: 15_000 });
    await expect(header.getByRole("link", { name: "Se connecter", exact: true })).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Historique" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/outils$/);
    await expect(accountControl).toBeFocused();
  });
});
