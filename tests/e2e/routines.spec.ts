import { expect, type Locator, type Page, test } from "@playwright/test";
import { createVerifiedAccount } from "./support/accounts";
import { finishSession } from "./support/finish-session";
import { jsEnabled, logInAs } from "./support/session";

// Routines, with JavaScript on and off: save a finished session as a
// routine from its summary, find its targets on its page, reorder it (the
// keyboard with JavaScript, the buttons without), start it and see its
// targets in the session view, find it on the dashboard, then delete it.

const BENCH = "dumbbell-bench-press";
const RUNNING = "running";
const SESSION_URL = `/exo?mode=seance&choix=${BENCH}&choix=${RUNNING}`;
const BENCH_NAME = "Développé couché haltères";

const js = () => jsEnabled(test.info().project.name);
const benchCard = (page: Page) => page.locator(`li[data-id="${BENCH}"]`);
/** The routine page's exercises, in their order. */
const routineOrder = (page: Page) => page.locator("form ol > li[data-id]");

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
});

async function waitForHydration(page: Page) {
  if (js()) await page.locator("form[data-hydrated]").waitFor();
}

/** The routine page is hydrated once its drag handles show. */
async function waitForRoutinePage(page: Page) {
  if (js()) await page.locator("[data-drag-handle]").first().waitFor();
}

/** Logs two bench press sets and finishes the session: its summary. */
async function logAndFinish(page: Page): Promise<Locator> {
  await page.goto(SESSION_URL);
  await waitForHydration(page);
  let logger: Locator;
  if (js()) {
    await benchCard(page).getByRole("button", { name: "Noter mes séries" }).click();
    logger = page.getByRole("dialog");
  } else {
    await benchCard(page).locator("summary", { hasText: "Noter mes séries" }).click();
    logger = benchCard(page);
  }
  await logger.getByLabel("Charge (kg)").first().fill("20");
  await logger.getByLabel("Répétitions").first().fill("10");
  await logger.getByRole("button", { name: "Ajouter une série" }).click();
  await logger.getByLabel("Charge (kg)").nth(1).fill("22,5");
  await logger.getByLabel("Répétitions").nth(1).fill("8");
  return finishSession(page, logger, js());
}

test("save a session as a routine from its summary, reorder it, start it with its targets, then delete it", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedAccount();
  await logInAs(context, account);

  // Saved from the summary: the routine's page, its sets as targets.
  const summary = await logAndFinish(page);
  const save = summary.getByRole("region", { name: "Enregistrer comme routine" });
  await save.getByLabel("Nom de la routine").fill("Push du lundi");
  await save.getByRole("button", { name: "Enregistrer comme routine" }).click();
  await expect(page).toHaveURL(/\/routines\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Push du lundi");
  await expect(page.getByText("Routine «\u00a0Push du lundi\u00a0» enregistrée.")).toBeVisible();
  await expect(routineOrder(page)).toHaveCount(2);
  await expect(routineOrder(page).first()).toHaveAttribute("data-id", BENCH);
  const bench = page.locator(`form ol > li[data-id="${BENCH}"]`);
  await expect(bench.getByLabel("Répétitions")).toHaveCount(2);
  await expect(bench.getByLabel("Répétitions").nth(0)).toHaveValue("10");
  await expect(bench.getByLabel("Poids (kg)").nth(0)).toHaveValue("20");
  await expect(bench.getByLabel("Poids (kg)").nth(1)).toHaveValue("22,5");
  const routineUrl = page.url();

  // Reordered: by the keyboard with JavaScript, by the button without; saved either way.
  await waitForRoutinePage(page);
  if (js()) {
    const handle = bench.getByRole("button", { name: `Déplacer ${BENCH_NAME}` });
    await handle.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
  } else {
    await bench.getByRole("button", { name: `Descendre ${BENCH_NAME}` }).click();
  }
  await expect(page.getByText("Routine enregistrée.")).toBeVisible();
  await expect(routineOrder(page).first()).toHaveAttribute("data-id", RUNNING);
  await page.goto(routineUrl);
  await expect(routineOrder(page).first()).toHaveAttribute("data-id", RUNNING);
  await expect(routineOrder(page).nth(1)).toHaveAttribute("data-id", BENCH);

  // Started: the session view in its order, its targets on the card after last time.
  await page.getByRole("link", { name: "Commencer" }).click();
  await expect(page).toHaveURL(/\/exo\?/);
  await waitForHydration(page);
  await expect(page.locator("li[data-id]").first()).toHaveAttribute("data-id", RUNNING);
  await expect(benchCard(page)).toContainText("Objectif\u202f: 20 kg × 10 · 22,5 kg × 8");
  await expect(benchCard(page)).toContainText("Dernière fois");

  // On the dashboard, with 'Commencer'.
  await page.goto("/historique");
  const mine = page.getByRole("region", { name: "Mes routines" });
  await expect(mine).toContainText("Push du lundi");
  await expect(mine).toContainText("2 exercices · jamais faite");
  await expect(mine.getByRole("link", { name: "Commencer la routine Push du lundi" })).toBeVisible();

  // Deleted after a confirmation.
  await page.goto(routineUrl);
  await waitForRoutinePage(page);
  await page.getByRole("link", { name: "Supprimer" }).click();
  const confirm = page.getByRole("region", { name: "Supprimer cette routine ?" });
  await expect(confirm).toContainText("«\u00a0Push du lundi\u00a0» ne sera plus dans tes routines.");
  await confirm.getByRole("button", { name: "Supprimer la routine" }).click();
  await expect(page).toHaveURL(/\/routines$/);
  await expect(page.getByText("Routine «\u00a0Push du lundi\u00a0» supprimée.")).toBeVisible();
  await expect(page.getByText("Aucune routine pour l'instant")).toBeVisible();
  expect((await page.goto(routineUrl))?.status()).toBe(404);
});
