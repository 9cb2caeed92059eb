import { expect, type Locator, type Page, test } from "@playwright/test";
import { createVerifiedAccount } from "./support/accounts";
import { finishSession } from "./support/finish-session";
import { jsEnabled, logInAs } from "./support/session";

// A lifter's memory, with JavaScript on and off: log a session, come back
// and find last time's sets (the card's line, the rows' placeholders,
// 'Reprendre mes séries'), beat a record and see it named in the summary,
// then open the exercise's progress page.

const BENCH = "dumbbell-bench-press";
const SESSION_URL = `/exo?mode=seance&choix=${BENCH}&choix=running`;

const card = (page: Page) => page.locator(`li[data-id="${BENCH}"]`);

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
});

async function openSession(page: Page) {
  await page.goto(SESSION_URL);
  if (jsEnabled(test.info().project.name)) await page.locator("form[data-hydrated]").waitFor();
}

/** The bench press's set fields: the popup with JavaScript, the card's disclosure without. */
async function openLogger(page: Page): Promise<Locator> {
  if (jsEnabled(test.info().project.name)) {
    await card(page)
      .getByRole("button", { name: /Noter mes séries|Modifier mes séries/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    return dialog;
  }
  await card(page).locator("summary", { hasText: "Noter mes séries" }).click();
  return card(page);
}

/** Types the sets, each [weight, reps], adding rows as needed. */
async function typeSets(page: Page, logger: Locator, sets: [string, string][]) {
  for (const [index, [weight, reps]] of sets.entries()) {
    if (index > 0 && (await logger.getByLabel("Charge (kg)").count()) <= index) {
      await logger.getByRole("button", { name: "Ajouter une série" }).click();
    }
    await logger.getByLabel("Charge (kg)").nth(index).fill(weight);
    await logger.getByLabel("Répétitions").nth(index).fill(reps);
  }
}

/** Closes the popup (with JavaScript), then finishes the session. */
const finish = (page: Page, logger: Locator) => finishSession(page, logger, jsEnabled(test.info().project.name));

test("log a session, come back to last time's sets, beat a record, see it named and open the progress", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedAccount();
  await logInAs(context, account);

  // A first session: nothing to remember yet, no record named.
  await openSession(page);
  await expect(card(page)).not.toContainText("Dernière fois");
  let logger = await openLogger(page);
  await expect(logger.getByRole("button", { name: "Reprendre mes séries" })).toHaveCount(0);
  await typeSets(page, logger, [
    ["20", "10"],
    ["20", "8"],
  ]);
  let summary = await finish(page, logger);
  await expect(summary).not.toContainText("Nouveau record");

  // Back again: last time on the card, and as the rows' placeholders.
  await openSession(page);
  await expect(card(page)).toContainText(/Dernière fois \(\d\d\/\d\d\)\s: 20 kg × 10 · 20 kg × 8/);
  logger = await openLogger(page);
  await expect(logger.getByLabel("Charge (kg)").first()).toHaveAttribute("placeholder", "20");
  await expect(logger.getByLabel("Répétitions").first()).toHaveAttribute("placeholder", "10");
  await expect(logger.getByLabel("Charge (kg)").first()).toHaveValue("");

  // 'Reprendre mes séries' copies them into the rows, then a heavier first set.
  await logger.getByRole("button", { name: "Reprendre mes séries" }).click();
  if (!jsEnabled(test.info().project.name)) logger = card(page);
  await expect(logger.getByLabel("Charge (kg)")).toHaveCount(2);
  await expect(logger.getByLabel("Répétitions").nth(1)).toHaveValue("8");
  await logger.getByLabel("Charge (kg)").first().fill("22,5");
  await logger.getByLabel("Répétitions").first().fill("8");
  summary = await finish(page, logger);

  // 22.5 × (1 + 8/30) = 28.5 against 20 × (1 + 10/30) = 26.7; the heaviest 22.5 against 20.
  const records = summary.getByRole("list", { name: "Records battus" });
  await expect(records).toContainText("Nouveau record\u202f: Développé couché haltères, 1RM estimé 28,5 kg (+1,8 kg)");
  await expect(records).toContainText(
    "Nouveau record\u202f: Développé couché haltères, charge la plus lourde 22,5 kg (+2,5 kg)",
  );
  await expect(records.getByRole("listitem")).toHaveCount(2);

  // The exercise's page: its records, its two sessions.
  await records.getByRole("link", { name: "Voir ma progression" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/progression/${BENCH}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Progression\u202f: Développé couché haltères");
  const recordsBlock = page.getByRole("region", { name: "Mes records" });
  await expect(recordsBlock).toContainText("1RM estimé28,5 kg");
  await expect(recordsBlock).toContainText("Charge la plus lourde22,5 kg");
  const sessions = page.getByRole("region", { name: "Mes séances" });
  await expect(sessions.getByRole("row")).toHaveCount(3);
  await expect(sessions).toContainText("22,5 kg × 8 · 20 kg × 8");
  await expect(sessions).toContainText("20 kg × 10 · 20 kg × 8");
  if (jsEnabled(test.info().project.name)) {
    // The chart library takes over the server's drawing.
    await expect(page.locator("[data-chart]")).toHaveAttribute("data-drawn", "apexcharts", { timeout: 15_000 });
  } else {
    await expect(page.locator("[data-chart] svg")).toBeVisible();
  }

  // 'Mes exercices' on the dashboard leads there too.
  await page.goto("/historique");
  const mine = page.getByRole("region", { name: "Mes exercices" });
  await expect(mine).toContainText("2 séances");
  await expect(mine).toContainText("1RM estimé 28,5 kg");
  await mine.getByRole("link", { name: "Voir la progression\u202f: Développé couché haltères" }).click();
  await expect(page).toHaveURL(new RegExp(`/progression/${BENCH}$`));
});

test("a visitor sees no last time, only an invitation to log in; the progress page asks to log in", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openSession(page);
  await expect(page.getByText("Connecte-toi pour garder la trace de tes séries")).toBeVisible();
  await expect(card(page)).not.toContainText("Dernière fois");
  const logger = await openLogger(page);
  await expect(logger.getByRole("button", { name: "Reprendre mes séries" })).toHaveCount(0);
  await expect(logger.getByRole("link", { name: "Voir ma progression" })).toHaveCount(0);

  const response = await page.goto(`/progression/${BENCH}`);
  expect(response?.status()).toBe(401);
  await expect(page.locator("#contenu").getByRole("link", { name: "Se connecter" })).toBeVisible();
});
