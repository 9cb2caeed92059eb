import { expect, type Page, test } from "@playwright/test";
import { demoUser } from "./support/server";

// Keyboard and small-screen checks (WCAG 2.2): focus never hides under the
// cookie banner (2.4.11), no sideways scrolling at 320 px (1.4.10), and focus
// lands somewhere meaningful after the flows that used to drop it.

const jsEnabled = (projectName: string) => projectName === "js";

/** Every public page. */
const pages = [
  "/",
  "/outils",
  "/outils?onglet=calories",
  "/imc",
  "/calories",
  "/contact",
  "/mentions-legales",
  "/privacy-policy",
  "/cookies",
  "/not-found",
  "/page-qui-n-existe-pas",
  "/exo",
  "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux",
  "/newsletter",
  "/avis/nouveau",
];

const languages = ["fr", "en", "de", "es"];

async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

test.describe("at phone size, with the cookie banner showing", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of pages) {
    test(`no element reached with Tab hides under the banner on ${path}`, async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      await page.goto(path);
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
          const element = focused.getBoundingClientRect();
          const bannerBox = bannerElement.getBoundingClientRect();
          const covered = element.height > 0 && element.bottom > bannerBox.top + 1 && element.top < bannerBox.bottom;
          return { describe, covered, inBanner: false };
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
    test(`no page scrolls sideways in ${language}`, async ({ page }) => {
      test.setTimeout(60_000);
      const overflowing: string[] = [];
      for (const path of [...pages, "/?compte=login", "/?compte=create"]) {
        const separator = path.includes("?") ? "&" : "?";
        await page.goto(`${path}${separator}lng=${language}`);
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          window: document.documentElement.clientWidth,
          culprits: [...document.querySelectorAll("body *")]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .slice(0, 3)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
        }));
        if (widths.page > widths.window) overflowing.push(`${path}: ${widths.page}px (${widths.culprits.join(", ")})`);
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
    await form.getByLabel("Email").fill("camille@example.fr");
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
    await page.getByRole("link", { name: "Connexion" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Afficher le mot de passe" })).toBeVisible();
    await dialog.getByLabel("Email ou pseudo").fill(demoUser.pseudo);
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(demoUser.password);
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("link", { name: "Historique" })).toBeVisible({ timeout: 15_000 });
    if (await dialog.isVisible()) await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Historique" })).toBeFocused();
  });
});
