import path from "node:path";
import { expect, test } from "@playwright/test";

// Each step of the builder and its search mode at phone and desktop width,
// light and dark, saved under tests/.output/screenshots/ for a person to
// look at. Each view must fit its width: nothing scrolls sideways.

const outputDir = path.resolve(import.meta.dirname, "../.output/screenshots");

const views = [
  { name: "workout-1-type", url: "/exo?type=muscu", heading: "Choisis ton entraînement" },
  {
    name: "workout-2-equipment",
    url: "/exo?etape=1&type=muscu&equipement=halteres",
    heading: "Choisis ton équipement",
  },
  {
    name: "workout-3-muscles",
    url: "/exo?etape=2&type=muscu&equipement=halteres&muscle=pectoraux&muscle=biceps&muscle=mollets",
    heading: "Choisis le muscle ciblé",
  },
  {
    name: "workout-4-list",
    url: "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press&choix=incline-dumbbell-press&ecarte=dumbbell-flyes",
    heading: "Exercices proposés",
  },
  {
    name: "workout-search",
    url: "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press&mode=recherche&q=d%C3%A9velopp%C3%A9&coche=incline-dumbbell-press",
    heading: "Ajouter d'autres exercices",
  },
  {
    name: "workout-session",
    url: "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press&choix=incline-dumbbell-press&mode=seance",
    heading: "Séance - ",
  },
];

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
};

test.describe("workout builder screenshots", () => {
  test.describe.configure({ timeout: 120_000 });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "taken once, with JavaScript");

  for (const [device, viewport] of Object.entries(viewports)) {
    test(`each step and the search mode at ${device} width, light and dark`, async ({ browser, baseURL }) => {
      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({ viewport, colorScheme: scheme, locale: "fr-FR" });
        await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
        const page = await context.newPage();
        for (const view of views) {
          await page.goto(view.url);
          await page.locator("form[data-hydrated]").waitFor();
          await expect(page.getByRole("heading", { level: 2, name: view.heading })).toBeVisible();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${view.name} scrolls sideways at ${device} width`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: path.join(outputDir, `${view.name}-${device}-${scheme}.png`), fullPage: true });
        }
        await context.close();
      }
    });
  }
});
