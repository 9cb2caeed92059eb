import { expect, type Page, test } from "@playwright/test";
import { createVerifiedAccount } from "./support/accounts";
import { logInAs } from "./support/session";
import { textThatDoesNotFit } from "./support/text-fit";

// On phones (320 and 390 px wide), in the four languages: no text of the
// workout logging, the builder's steps, the past workouts or the account
// dialog's login and history scrolls sideways or breaks inside a word
// ('Endurance', 'Resistencia', 'Repeticiones', 'Eliminar', 'Entrenamiento',
// 'Wiederholungen'...). Labels wrap between words, or stack.

const LANGUAGES = ["fr", "en", "de", "es"] as const;
const WIDTHS = [320, 390] as const;
const SESSION = "/exo?mode=seance&choix=dumbbell-bench-press&choix=pushups&choix=running";

async function expectFits(page: Page, what: string, scope?: string) {
  const { overflow, broken, wider } = await textThatDoesNotFit(page, scope);
  expect(overflow, `${what} scrolls sideways (${wider.join(" | ")})`).toBeLessThanOrEqual(0);
  expect(broken, `${what}: words broken inside`).toEqual([]);
}

test.describe("words and layout on phones", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "the popups and dialogs need JavaScript; the pages are the same",
  );
  test.describe.configure({ timeout: 180_000 });

  for (const width of WIDTHS) {
    for (const language of LANGUAGES) {
      test(`${width} px, ${language}`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({
          viewport: { width, height: 740 },
          locale: language,
          hasTouch: true,
        });
        await context.addCookies([
          { name: "cookie_consent", value: "necessary", url: baseURL! },
          { name: "lng", value: language, url: baseURL! },
        ]);
        const page = await context.newPage();
        const ready = async (path: string) => {
          await page.goto(path);
          await page.locator("[data-hydrated]").first().waitFor();
        };

        // The builder: the first step (its step indicator), cardio's equipment, the proposed list.
        await ready("/exo");
        await expectFits(page, "step 1");
        await ready("/exo?etape=1&type=cardio");
        await expectFits(page, "cardio's equipment");
        await ready("/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press");
        await expectFits(page, "proposed list");

        // The session, its set popups (strength, then cardio) and the finish's question.
        await ready(SESSION);
        await expectFits(page, "session view");
        for (const id of ["dumbbell-bench-press", "running"]) {
          await page.locator(`li[data-id="${id}"] button`).first().click();
          const dialog = page.getByRole("dialog");
          await expect(dialog).toBeVisible();
          // Reps (or minutes) and a rest; a second set, the first ticked: the rest timer and its buttons show too.
          const numbers = dialog.locator("input[inputmode]");
          await numbers.nth(1).fill("12");
          if (id === "dumbbell-bench-press") await numbers.nth(2).fill("90");
          await dialog.locator("button.button-secondary").last().click();
          await dialog.locator('input[type="checkbox"]').first().check();
          await expectFits(page, `set popup of ${id}`, "dialog[open]");
          await dialog.locator("button.button-primary").last().click();
          await expect(dialog).toBeHidden();
        }
        await page.locator("button.button-accent").first().click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectFits(page, "finish question", "dialog[open]");

        // The account dialog's login.
        await page.goto("/?compte=login");
        await page.locator("dialog[open]").waitFor();
        await expectFits(page, "login", "dialog[open]");

        // Signed in: the past workouts, one opened, and the history dialog.
        const account = await createVerifiedAccount({ locale: language });
        const token = await logInAs(context, account);
        const saved = await context.request.post("/api/workouts/sessions", {
          headers: { Authorization: `Bearer ${token}` },
          data: {
            name: "Haut du corps",
            startedAt: new Date(Date.now() - 3_600_000).toISOString(),
            endedAt: new Date(Date.now() - 60_000).toISOString(),
            notes: "Bonne séance",
            entries: [
              { exerciseId: "barbell-squat", name: "Squat", sets: [{ weightKg: 62.5, reps: 10, restSec: 120 }] },
              { exerciseId: "running", name: "Course", mode: "cardio", sets: [{ durationSec: 630, distanceKm: 2.5 }] },
            ],
          },
        });
        expect(saved.status()).toBe(201);
        await page.goto("/historique");
        await page.locator("#seances details summary").first().click();
        await expectFits(page, "past workouts", "main");
        await page.goto("/outils?compte=history");
        await page.locator("dialog[open]").waitFor();
        await expectFits(page, "history dialog", "dialog[open]");
        await context.close();
      });
    }
  }
});
