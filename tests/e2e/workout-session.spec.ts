import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page, test, type TestInfo } from "@playwright/test";
import { demoUser } from "./support/server";
import { jsEnabled, logInAs } from "./support/session";

// Running a session at /exo?mode=seance: the clock, the set popup, the rest
// timer, finishing (saved for a signed-in user, kept on the device while
// offline and sent once back online) and the summary, with JavaScript; and
// the same session as one form posted to the route action without it.

const outputDir = path.resolve(import.meta.dirname, "../.output/screenshots");

/** Strength with dumbbells, a bodyweight move the user switches to 'Sans charges', and a run. */
const EXERCISES = ["dumbbell-bench-press", "pushups", "running"] as const;

let sequence = 0;
/** A name no other test uses: the session is found by it in GET /api/workouts/sessions. */
function uniqueName(testInfo: TestInfo): string {
  sequence += 1;
  return `E2E ${testInfo.project.name} ${testInfo.workerIndex}-${sequence}-${Date.now().toString(36)}`;
}

function sessionUrl(name: string, exercises: readonly string[] = EXERCISES): string {
  const params = new URLSearchParams({ mode: "seance" });
  for (const id of exercises) params.append("choix", id);
  params.set("nom", name);
  return `/exo?${params}`;
}

async function openSession(page: Page, url: string) {
  await page.goto(url);
  if (jsEnabled(test.info().project.name)) await page.locator("form[data-hydrated]").waitFor();
}

const card = (page: Page, id: string) => page.locator(`li[data-id="${id}"]`);
const popup = (page: Page) => page.getByRole("dialog");

interface SavedSession {
  _id: string;
  name: string;
  calories: number;
  durationSec: number;
  entries: {
    exerciseId: string;
    type: string;
    mode: string;
    sets: { reps: number | null; weightKg: number | null; durationSec: number | null }[];
  }[];
  clientSummary: { plannedExercises: number; completedExercises: number };
}

async function savedSessionsNamed(context: BrowserContext, name: string): Promise<SavedSession[]> {
  const response = await context.request.get("/api/workouts/sessions");
  expect(response.status()).toBe(200);
  return ((await response.json()) as SavedSession[]).filter((session) => session.name === name);
}

/** With JavaScript: opens a card's popup, runs `fill` in it, closes it with 'Valider'. */
async function logInPopup(page: Page, id: string, fill: (dialog: Locator) => Promise<void>) {
  await card(page, id)
    .getByRole("button", { name: /Noter mes séries|Modifier mes séries/ })
    .click();
  const dialog = popup(page);
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole("button", { name: "Valider" }).click();
  await expect(dialog).toBeHidden();
}

async function checkAxe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
});

test.describe("workout session with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the session runs in the page");
  test.describe.configure({ timeout: 120_000 });

  test("three exercises (muscu, pdc, cardio): log sets, pause, finish, see the summary; the session is saved", async ({
    page,
    context,
  }, testInfo) => {
    await logInAs(context, demoUser);
    const name = uniqueName(testInfo);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" || /hydrat|Content Security Policy/i.test(message.text()))
        problems.push(message.text());
    });
    await openSession(page, sessionUrl(name));
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(page.getByText("Bonne séance, Camille !")).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText("00:00");
    await checkAxe(page, "session view");

    await page.getByRole("button", { name: "Commencer" }).click();
    await expect(page.getByRole("button", { name: "En cours…" })).toBeDisabled();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("suivieStartedAt"))).toMatch(/^\d{13}$/);
    await expect(page.getByRole("timer")).toHaveText("00:01", { timeout: 3_000 });

    // Strength: two sets, the second with a French decimal comma.
    await expect(card(page, "dumbbell-bench-press")).toContainText("Avec charges");
    await logInPopup(page, "dumbbell-bench-press", async (dialog) => {
      await expect(dialog.getByRole("heading", { name: "Développé couché haltères" })).toBeVisible();
      await dialog.getByLabel("Charge (kg)").fill("20");
      await dialog.getByLabel("Répétitions").fill("10");
      await dialog.getByRole("button", { name: "Ajouter une série" }).click();
      await dialog.getByLabel("Charge (kg)").nth(1).fill("22,5");
      await dialog.getByLabel("Répétitions").nth(1).fill("8");
      // An empty third set, added then deleted.
      await dialog.getByRole("button", { name: "Ajouter une série" }).click();
      await dialog.getByRole("button", { name: "Supprimer la série 3" }).click();
      await expect(dialog.getByRole("group", { name: /^Série/ })).toHaveCount(2);
      await dialog.getByLabel("Notes", { exact: true }).fill("Coudes serrés");
      await checkAxe(page, "set popup");
    });
    await expect(card(page, "dumbbell-bench-press")).toContainText("Fait");
    await expect(card(page, "dumbbell-bench-press")).toContainText("2 séries notées");
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("suivie_exo_inputs:dumbbell-bench-press")!),
    );
    expect(stored).toMatchObject({ mode: "muscu", done: true, notes: "Coudes serrés" });
    expect(stored.sets).toEqual([
      { weight: 20, reps: 10, restSec: null },
      { weight: 22.5, reps: 8, restSec: null },
    ]);

    // Bodyweight: the mode chosen by hand.
    await logInPopup(page, "pushups", async (dialog) => {
      await expect(dialog.getByRole("radio", { name: "Avec charges" })).toBeChecked();
      await dialog.getByRole("radio", { name: "Sans charges" }).check();
      await dialog.getByLabel("Répétitions").fill("15");
    });
    await expect(card(page, "pushups")).toContainText("Sans charges");

    // Cardio: chosen by the exercise's type.
    await logInPopup(page, "running", async (dialog) => {
      await expect(dialog.getByRole("radio", { name: "Endurance" })).toBeChecked();
      await expect(dialog.getByLabel("Intensité (1 à 10)")).toHaveValue("5");
      await dialog.getByLabel("Durée (min)").fill("12");
    });
    await expect(page.getByText("3 sur 3")).toBeVisible();

    // Pause, then resume; a reload keeps the clock and the sets.
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByRole("button", { name: "Reprendre" })).toBeEnabled();
    await page.reload();
    await page.locator("form[data-hydrated]").waitFor();
    await expect(page.getByRole("button", { name: "Reprendre" })).toBeEnabled();
    await expect(card(page, "running")).toContainText("Fait");
    await page.getByRole("button", { name: "Reprendre" }).click();
    await expect(page.getByRole("button", { name: "En cours…" })).toBeDisabled();

    // 'Continuer' keeps the session going; confirming finishes it.
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Terminer la séance ?" });
    await expect(confirm).toContainText(
      "Êtes-vous sûr de vouloir terminer votre séance d'entraînement ? Vos progrès seront sauvegardés.",
    );
    await confirm.getByRole("button", { name: "Continuer" }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await confirm.getByRole("button", { name: "Terminer", exact: true }).click();

    const summary = page.getByRole("region", { name: "Séance terminée" });
    await expect(summary).toBeVisible();
    await expect(summary.getByText("Séance enregistrée")).toBeVisible();
    // 20 x 10 x 0.075 + 22.5 x 8 x 0.075 + 15 x 0.8 + 11 x 12 = 15 + 13.5 + 12 + 132
    await expect(summary).toContainText("173 kcal");
    await expect(summary).toContainText("3 sur 3");
    await expect(summary.getByRole("list", { name: "Détail des exercices" }).getByRole("listitem")).toHaveCount(3);
    await expect(page.locator("#session-summary-title")).toBeFocused();
    await checkAxe(page, "summary");

    const [saved, ...others] = await savedSessionsNamed(context, name);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ calories: 173, clientSummary: { plannedExercises: 3, completedExercises: 3 } });
    expect(saved!.entries.map((entry) => [entry.exerciseId, entry.type, entry.mode, entry.sets.length])).toEqual([
      ["dumbbell-bench-press", "muscu", "muscu", 2],
      ["pushups", "muscu", "pdc", 1],
      ["running", "cardio", "cardio", 1],
    ]);
    expect(saved!.entries[2]!.sets[0]!.durationSec).toBe(720);
    expect(saved!.durationSec).toBeGreaterThanOrEqual(1);

    // The user panel under the builder shows the last session (the demo user's: other tests save some too).
    await expect(page.getByText("Ta dernière séance")).toBeVisible();
    await expect(page.getByText(/, le .+\s:\s\d+ min, \d+ kcal$/)).toBeVisible();

    // The session is over on this device.
    expect(
      await page.evaluate(() => [
        localStorage.getItem("suivieStartedAt"),
        localStorage.getItem("suivie_exo_inputs:running"),
        localStorage.getItem("suiviePendingSessions"),
      ]),
    ).toEqual([null, null, null]);

    // 'Refaire cette séance' gives a fresh session view.
    await summary.getByRole("button", { name: "Refaire cette séance" }).click();
    await expect(page.getByRole("button", { name: "Commencer" })).toBeVisible();
    await expect(card(page, "running")).toContainText("À faire");
    expect(problems).toEqual([]);
  });

  test("finished while offline: kept on the device, said so, sent once when the network is back", async ({
    page,
    context,
  }, testInfo) => {
    await logInAs(context, demoUser);
    const name = uniqueName(testInfo);
    await openSession(page, sessionUrl(name, ["pushups"]));
    await logInPopup(page, "pushups", async (dialog) => {
      await dialog.getByLabel("Répétitions").fill("12");
    });

    await context.setOffline(true);
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Terminer", exact: true }).click();
    const summary = page.getByRole("region", { name: "Séance terminée" });
    await expect(summary.getByText("Séance gardée sur cet appareil, envoyée dès le retour du réseau")).toBeVisible();
    const pending = await page.evaluate(() => JSON.parse(localStorage.getItem("suiviePendingSessions") ?? "[]"));
    expect(pending).toHaveLength(1);
    expect(await savedSessionsNamed(context, name)).toEqual([]);

    await context.setOffline(false);
    await expect(summary.getByText("Séance enregistrée")).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("suiviePendingSessions"))).toBeNull();
    expect(await savedSessionsNamed(context, name)).toHaveLength(1);

    // A copy sent again (a lost answer, another tab) saves nothing more.
    const response = await context.request.post("/api/workouts/sessions", {
      data: pending[0].payload,
      headers: { "Idempotency-Key": pending[0].key },
    });
    expect(response.status()).toBe(200);
    expect(await savedSessionsNamed(context, name)).toHaveLength(1);
  });

  test("finished offline, the page closed: the next visit sends it, once", async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ locale: "fr-FR" });
    await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
    await logInAs(context, demoUser);
    const name = uniqueName(testInfo);
    const page = await context.newPage();
    await openSession(page, sessionUrl(name, ["running"]));
    await logInPopup(page, "running", async (dialog) => {
      await dialog.getByLabel("Durée (min)").fill("5");
    });
    await context.setOffline(true);
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Terminer", exact: true }).click();
    await expect(page.getByText("Séance gardée sur cet appareil")).toBeVisible();
    await page.close();
    await context.setOffline(false);

    // Any page of the site sends what waits on the device.
    const next = await context.newPage();
    await next.goto("/");
    await expect.poll(() => next.evaluate(() => localStorage.getItem("suiviePendingSessions"))).toBeNull();
    expect(await savedSessionsNamed(context, name)).toHaveLength(1);
    await next.reload();
    expect(await savedSessionsNamed(context, name)).toHaveLength(1);
    await context.close();
  });

  test("a visitor gets the summary and an invitation to log in; nothing is sent", async ({ page }, testInfo) => {
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/workouts/sessions")) requests.push(request.method());
    });
    await openSession(page, sessionUrl(uniqueName(testInfo), ["pushups"]));
    await expect(page.getByText("Bonne séance !")).toBeVisible();
    await logInPopup(page, "pushups", async (dialog) => {
      await dialog.getByLabel("Répétitions").fill("20");
    });
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Terminer", exact: true }).click();
    const summary = page.getByRole("region", { name: "Séance terminée" });
    await expect(summary.getByText("Connecte-toi pour garder une trace de tes prochaines séances.")).toBeVisible();
    await expect(summary.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", /compte=login/);
    await expect(summary).toContainText("16 kcal");
    expect(requests).toEqual([]);
  });

  test("nothing logged: no error, nothing saved", async ({ page, context }, testInfo) => {
    await logInAs(context, demoUser);
    const name = uniqueName(testInfo);
    await openSession(page, sessionUrl(name, ["pushups"]));
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Terminer", exact: true }).click();
    const summary = page.getByRole("region", { name: "Séance terminée" });
    await expect(summary.getByText("Aucune série notée : rien à enregistrer cette fois.")).toBeVisible();
    await expect(summary).toContainText("0 sur 1");
    expect(await savedSessionsNamed(context, name)).toEqual([]);
  });

  test("a popup closed with nothing logged leaves the exercise 'À faire' (DECISIONS.md); with a set, 'Fait'", async ({
    page,
  }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["pushups"]));
    const open = () =>
      card(page, "pushups")
        .getByRole("button", { name: /Noter mes séries|Modifier mes séries/ })
        .click();
    await open();
    await popup(page).getByRole("button", { name: "Fermer et enregistrer" }).click();
    await expect(popup(page)).toBeHidden();
    await expect(card(page, "pushups")).toContainText("À faire");
    await open();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    await expect(card(page, "pushups")).toContainText("À faire");
    await expect(page.getByText("0 sur 1")).toBeVisible();
    await open();
    await popup(page).getByLabel("Répétitions").fill("12");
    await popup(page).getByRole("button", { name: "Fermer et enregistrer" }).click();
    await expect(card(page, "pushups")).toContainText("Fait");
  });

  test("the rest timer starts with the set's tick, counts down in sight, says when it is over, and can be skipped", async ({
    page,
  }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["dumbbell-bench-press"]));
    await card(page, "dumbbell-bench-press").getByRole("button", { name: "Noter mes séries" }).click();
    const dialog = popup(page);
    await dialog.getByLabel("Répétitions").fill("10");
    await dialog.getByLabel("Repos (s)").fill("2");
    // The set's 'fait' tick starts its rest: no other tap.
    await dialog.getByRole("checkbox", { name: "Fait (série 1)" }).check();
    await expect(dialog.getByRole("timer", { name: "Repos" })).toHaveText(/00:0[12]/);
    await expect(dialog.getByRole("status").filter({ hasText: "Repos de 00:02 lancé." })).toBeAttached();
    await expect(dialog.locator("p").filter({ hasText: "Repos terminé : à toi de jouer !" })).toBeVisible({
      timeout: 5_000,
    });

    await dialog.getByLabel("Repos (s)").fill("90");
    await dialog.getByRole("checkbox", { name: "Fait (série 1)" }).uncheck();
    await dialog.getByRole("checkbox", { name: "Fait (série 1)" }).check();
    await expect(dialog.getByRole("timer", { name: "Repos" })).toHaveText(/01:(30|29)/);
    await dialog.getByRole("button", { name: "Passer le repos" }).click();
    await expect(dialog.getByRole("timer", { name: "Repos" })).toBeHidden();
  });

  test("'Recommencer' on the summary starts the builder over, everything cleared", async ({ page }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["pushups"]));
    await logInPopup(page, "pushups", async (dialog) => {
      await dialog.getByLabel("Répétitions").fill("10");
    });
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("button", { name: "Recommencer" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Choisis ton entraînement" })).toBeVisible();
    await expect(page).toHaveURL(/\/exo$/);
    // The builder starts again from nothing, and no session is left on the device.
    await expect
      .poll(() =>
        page.evaluate(() => [
          localStorage.getItem("dynamiSelected"),
          localStorage.getItem("formMode"),
          localStorage.getItem("suivie_exo_inputs:pushups"),
        ]),
      )
      .toEqual(["[]", "builder", null]);
  });

  test("'Retour' goes back to the builder with the exercises, and the sets wait on the device", async ({
    page,
  }, testInfo) => {
    const url = `${sessionUrl(uniqueName(testInfo), ["dumbbell-bench-press", "pushups"])}&etape=3&type=muscu&equipement=halteres&muscle=pectoraux`;
    await openSession(page, url);
    await logInPopup(page, "pushups", async (dialog) => {
      await dialog.getByLabel("Répétitions").fill("10");
    });
    await page.getByRole("button", { name: "Retour" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Exercices proposés" })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="chosen-title"] li[data-id]')).toHaveCount(2);
    await page.getByRole("button", { name: "Let's go" }).click();
    await expect(card(page, "pushups")).toContainText("Fait");
  });

  test("screenshots of the session, the set popup and the summary at phone width, light and dark", async ({
    browser,
    baseURL,
  }, testInfo) => {
    for (const scheme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: scheme,
        locale: "fr-FR",
      });
      await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
      const page = await context.newPage();
      await openSession(page, sessionUrl(uniqueName(testInfo)));
      const shot = async (what: string, fullPage: boolean) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${what} scrolls sideways at phone width`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(outputDir, `session-${what}-phone-${scheme}.png`), fullPage });
      };
      await page.getByRole("button", { name: "Commencer" }).click();
      await shot("view", true);
      await card(page, "dumbbell-bench-press").getByRole("button", { name: "Noter mes séries" }).click();
      const dialog = popup(page);
      await dialog.getByLabel("Charge (kg)").fill("20");
      await dialog.getByLabel("Répétitions").fill("10");
      await dialog.getByLabel("Repos (s)").fill("90");
      await dialog.getByRole("button", { name: "Ajouter une série" }).click();
      await dialog.getByRole("checkbox", { name: "Fait (série 1)" }).check();
      // Every control of the popup is big enough for a thumb (a tick's target is its whole label).
      for (const control of await dialog
        .locator("button, input:not([type=radio]):not([type=checkbox]), textarea, label:has(input[type=checkbox])")
        .all()) {
        const box = await control.boundingBox();
        if (box)
          expect(box.height, await control.evaluate((node) => node.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
      }
      await shot("popup", false);
      await dialog.getByRole("button", { name: "Valider" }).click();
      await page.getByRole("button", { name: "Terminer", exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Terminer", exact: true }).click();
      await expect(page.getByRole("region", { name: "Séance terminée" })).toBeVisible();
      await shot("summary", true);
      await context.close();
    }
  });
});

test.describe("logging like a lifter, on a phone with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the session runs in the page");
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test("the clock and the first exercise come first", async ({ page }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo)));
    const fold = page.viewportSize()!.height;
    const clock = await page.getByRole("timer").boundingBox();
    const firstTitle = await card(page, "dumbbell-bench-press").getByRole("heading").boundingBox();
    expect(clock!.y + clock!.height, "the clock in the first screen").toBeLessThan(fold);
    expect(firstTitle!.y + firstTitle!.height, "the first exercise in the first screen").toBeLessThan(fold);
    // The builder's introduction is not shown in a session; the page keeps its heading for screen readers
    // (one of the random greetings of that heading also says "quatre étapes": the introduction starts with it).
    await expect(page.getByText(/^Quatre étapes/)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });

  test("a new set copies the last; its tick starts the rest, −15 s / +15 s, the rest survives a reload and leaves the close button free", async ({
    page,
  }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["dumbbell-bench-press"]));
    await card(page, "dumbbell-bench-press").getByRole("button", { name: "Noter mes séries" }).click();
    const dialog = popup(page);
    await dialog.getByLabel("Charge (kg)").fill("42,5");
    await dialog.getByLabel("Répétitions").fill("8");
    await dialog.getByLabel("Repos (s)").fill("120");
    await dialog.getByRole("button", { name: "Ajouter une série" }).click();
    await expect(dialog.getByLabel("Charge (kg)").nth(1)).toHaveValue("42,5");
    await expect(dialog.getByLabel("Répétitions").nth(1)).toHaveValue("8");
    await expect(dialog.getByLabel("Repos (s)").nth(1)).toHaveValue("120");
    await dialog.getByLabel("Répétitions").nth(1).fill("7");
    await expect(dialog.getByLabel("Répétitions").first()).toHaveValue("8");

    await dialog.getByRole("checkbox", { name: "Fait (série 1)" }).check();
    const timer = dialog.getByRole("timer", { name: "Repos" });
    await expect(timer).toHaveText(/0[12]:\d\d/);
    // Each step moves the end by 15 s (a second or two may pass between the reads on a busy machine).
    const secondsLeft = async () => {
      const [minutes, seconds] = (await timer.textContent())!.split(":").map(Number);
      return minutes! * 60 + seconds!;
    };
    const before = await secondsLeft();
    expect(before).toBeGreaterThan(100);
    await dialog.getByRole("button", { name: "+15 s de repos" }).click();
    expect((await secondsLeft()) - before).toBeGreaterThanOrEqual(12);
    expect((await secondsLeft()) - before).toBeLessThanOrEqual(15);
    await dialog.getByRole("button", { name: "−15 s de repos" }).click();
    await dialog.getByRole("button", { name: "−15 s de repos" }).click();
    expect(before - (await secondsLeft())).toBeGreaterThanOrEqual(15);
    expect(before - (await secondsLeft())).toBeLessThanOrEqual(19);

    // Scrolled to the end of the popup, the rest stays in sight below the close button.
    await dialog.getByRole("button", { name: "Valider" }).scrollIntoViewIfNeeded();
    const close = await dialog.getByRole("button", { name: "Fermer et enregistrer" }).boundingBox();
    const rest = await timer.locator("..").boundingBox();
    expect(rest!.y, "the rest below the close button").toBeGreaterThanOrEqual(close!.y + close!.height);
    await dialog.getByRole("button", { name: "Fermer et enregistrer" }).click();
    await expect(dialog).toBeHidden();

    // A reload in the middle of the rest: it goes on counting; the sets and the tick are there.
    await page.reload();
    await page.locator("form[data-hydrated]").waitFor();
    await expect(page.getByRole("timer", { name: "Repos" })).toHaveText(/01:[0-4]\d/);
    await card(page, "dumbbell-bench-press").getByRole("button", { name: "Modifier mes séries" }).click();
    await expect(dialog.getByRole("checkbox", { name: "Fait (série 1)" })).toBeChecked();
    await expect(dialog.getByLabel("Répétitions").nth(1)).toHaveValue("7");
    await dialog.getByRole("button", { name: "Passer le repos" }).click();
    await expect(dialog.getByRole("timer", { name: "Repos" })).toBeHidden();
  });

  test("a bad value gets its message and nothing is lost: the popup stays open on it", async ({ page }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["dumbbell-bench-press"]));
    await card(page, "dumbbell-bench-press").getByRole("button", { name: "Noter mes séries" }).click();
    const dialog = popup(page);
    const reps = dialog.getByLabel("Répétitions");
    for (const bad of ["dix", "-5", "5000"]) {
      await reps.fill(bad);
      await expect(reps).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByText("Un nombre de 0 à 1000.")).toBeVisible();
      await dialog.getByRole("button", { name: "Valider" }).click();
      await expect(dialog).toBeVisible();
      await expect(reps).toBeFocused();
      await expect(reps).toHaveValue(bad);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await expect(reps).toHaveValue("5000");
    await dialog.getByRole("button", { name: "Fermer et enregistrer" }).click();
    await expect(dialog).toBeVisible();

    await reps.fill("10");
    await expect(dialog.getByText("Un nombre de 0 à 1000.")).toBeHidden();
    await dialog.getByRole("button", { name: "Valider" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, "dumbbell-bench-press")).toContainText("1 série notée");
  });

  test("the session note survives a reload; the clock starts with the first set; the confirmation names what has nothing logged", async ({
    page,
    context,
  }, testInfo) => {
    await logInAs(context, demoUser);
    const name = uniqueName(testInfo);
    await openSession(page, sessionUrl(name, ["pushups", "running"]));
    await page.getByLabel("Notes sur la séance").fill("Genou droit à surveiller");
    await page.reload();
    await page.locator("form[data-hydrated]").waitFor();
    await expect(page.getByLabel("Notes sur la séance")).toHaveValue("Genou droit à surveiller");

    // No 'Commencer': the first set logged starts the clock.
    await expect(page.getByRole("button", { name: "Commencer" })).toBeVisible();
    await card(page, "pushups").getByRole("button", { name: "Noter mes séries" }).click();
    await popup(page).getByLabel("Répétitions").fill("15");
    await expect(page.getByRole("button", { name: "En cours…" })).toBeDisabled();
    await popup(page).getByRole("button", { name: "Valider" }).click();
    await expect(page.getByRole("timer").first()).not.toHaveText("00:00", { timeout: 3_000 });
    await page.waitForTimeout(1_100);

    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Terminer la séance ?" });
    await expect(confirm).toContainText("1 exercice n'a aucune série notée : il comptera comme passé.");
    await confirm.getByRole("button", { name: "Terminer", exact: true }).click();
    await expect(page.getByRole("region", { name: "Séance terminée" })).toBeVisible();
    const [saved] = await savedSessionsNamed(context, name);
    expect(saved!.durationSec).toBeGreaterThanOrEqual(1);
    expect((saved as unknown as { notes: string }).notes).toBe("Genou droit à surveiller");
    // The next session starts with empty notes.
    await page.getByRole("button", { name: "Refaire cette séance" }).click();
    await expect(page.getByLabel("Notes sur la séance")).toHaveValue("");
  });

  test("nothing logged: the summary says so, without 'Bravo'", async ({ page }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["pushups"]));
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Terminer", exact: true }).click();
    const summary = page.getByRole("region", { name: "Séance terminée" });
    await expect(summary).toBeVisible();
    await expect(summary.getByText(/Bravo/)).toHaveCount(0);
  });
});

test.describe("workout session without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the form posted to the route action");

  /** Opens a card's fields (a disclosure without JavaScript). */
  async function openFields(page: Page, id: string) {
    await card(page, id).locator("summary", { hasText: "Noter mes séries" }).click();
  }

  test("log two sets, finish, see the summary; signed in, it is saved", async ({ page, context }, testInfo) => {
    await logInAs(context, demoUser);
    const name = uniqueName(testInfo);
    await openSession(page, sessionUrl(name, ["dumbbell-bench-press", "running"]));
    await expect(page.getByText("la durée compte depuis l'ouverture de cette page")).toBeVisible();
    await expect(page.getByRole("button", { name: "Commencer" })).toHaveCount(0);

    await openFields(page, "dumbbell-bench-press");
    const first = card(page, "dumbbell-bench-press");
    await first.getByLabel("Charge (kg)").fill("20");
    await first.getByLabel("Répétitions").fill("10");
    await first.getByRole("button", { name: "Ajouter une série" }).click();
    // The form comes back with what was typed and one more set, its card open.
    await expect(page).toHaveURL(/#exo-0$/);
    await expect(first.getByLabel("Charge (kg)").first()).toHaveValue("20");
    await first.getByLabel("Charge (kg)").nth(1).fill("22,5");
    await first.getByLabel("Répétitions").nth(1).fill("8");
    await first.getByLabel("Notes", { exact: true }).fill("Coudes serrés");
    await page.getByRole("button", { name: "Terminer la séance" }).click();

    const summary = page.getByRole("region", { name: "Séance terminée" });
    await expect(summary.getByText("Séance enregistrée")).toBeVisible();
    await expect(summary).toContainText("29 kcal");
    await expect(summary).toContainText("1 sur 2");
    await expect(summary).toContainText("Coudes serrés");

    const [saved, ...others] = await savedSessionsNamed(context, name);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ calories: 29, clientSummary: { plannedExercises: 2, completedExercises: 1 } });
    expect(saved!.entries[0]!.sets.map((set) => [set.weightKg, set.reps])).toEqual([
      [20, 10],
      [22.5, 8],
    ]);

    // 'Refaire cette séance' of the summary: a fresh session view.
    await summary.getByRole("link", { name: "Refaire cette séance" }).click();
    await expect(page.getByRole("button", { name: "Terminer la séance" })).toBeVisible();
    await expect(card(page, "dumbbell-bench-press")).toContainText("À faire");
  });

  test("the mode is switched and a set deleted by the form's buttons", async ({ page }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["pushups"]));
    await openFields(page, "pushups");
    const item = card(page, "pushups");
    await item.getByRole("radio", { name: "Endurance" }).check();
    await item.getByRole("button", { name: "Changer de mode" }).click();
    await expect(item.getByLabel("Durée (min)")).toBeVisible();
    await expect(item.getByLabel("Intensité (1 à 10)")).toHaveValue("5");
    await item.getByLabel("Durée (min)").fill("10");
    await item.getByRole("button", { name: "Ajouter une série" }).click();
    await expect(item.getByRole("group", { name: /^Série/ })).toHaveCount(2);
    // The new set starts from the previous one's values.
    await expect(item.getByLabel("Durée (min)").nth(1)).toHaveValue("10");
    await item.getByLabel("Durée (min)").nth(1).fill("12");
    await item.getByRole("button", { name: "Supprimer la série 1" }).click();
    await expect(item.getByRole("group", { name: /^Série/ })).toHaveCount(1);
    await expect(item.getByLabel("Durée (min)")).toHaveValue("12");
  });

  test("the set form: a new set copies the last, a refused value comes back as typed with its message, the tick is kept", async ({
    page,
  }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["dumbbell-bench-press"]));
    await openFields(page, "dumbbell-bench-press");
    const item = card(page, "dumbbell-bench-press");
    await item.getByLabel("Charge (kg)").fill("40");
    await item.getByLabel("Répétitions").fill("8");
    await item.getByLabel("Repos (s)").fill("90");
    await item.getByRole("checkbox", { name: "Fait (série 1)" }).check();
    await item.getByRole("button", { name: "Ajouter une série" }).click();
    await expect(item.getByLabel("Charge (kg)").nth(1)).toHaveValue("40");
    await expect(item.getByLabel("Répétitions").nth(1)).toHaveValue("8");
    await expect(item.getByLabel("Repos (s)").nth(1)).toHaveValue("90");
    await expect(item.getByRole("checkbox", { name: "Fait (série 1)" })).toBeChecked();
    await expect(item.getByRole("checkbox", { name: "Fait (série 2)" })).not.toBeChecked();

    // Letters are refused where they are typed (the field's pattern): the form is not sent.
    await item.getByLabel("Répétitions").nth(1).fill("huit");
    await page.getByRole("button", { name: "Terminer la séance" }).click();
    expect(
      await item
        .getByLabel("Répétitions")
        .nth(1)
        .evaluate((input: HTMLInputElement) => input.validity.valid),
    ).toBe(false);
    await expect(page.getByRole("region", { name: "Séance terminée" })).toBeHidden();

    // An absurd number gets its message from the server, and comes back as typed; nothing else is lost.
    await item.getByLabel("Répétitions").nth(1).fill("5000");
    await page.getByRole("button", { name: "Terminer la séance" }).click();
    await expect(page.getByRole("alert")).toContainText("Certaines valeurs ne sont pas des nombres valides");
    const reps = card(page, "dumbbell-bench-press").getByLabel("Répétitions").nth(1);
    await expect(reps).toHaveValue("5000");
    await expect(reps).toHaveAttribute("aria-invalid", "true");
    await expect(card(page, "dumbbell-bench-press").getByText("Un nombre de 0 à 1000.")).toBeVisible();
    await expect(card(page, "dumbbell-bench-press").getByLabel("Charge (kg)").nth(1)).toHaveValue("40");
    await expect(card(page, "dumbbell-bench-press").getByRole("checkbox", { name: "Fait (série 1)" })).toBeChecked();
    await expect(page.getByRole("region", { name: "Séance terminée" })).toBeHidden();
  });

  test("a visitor gets the summary and an invitation to log in", async ({ page }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["pushups"]));
    await openFields(page, "pushups");
    await card(page, "pushups").getByLabel("Répétitions").fill("20");
    await page.getByRole("button", { name: "Terminer la séance" }).click();
    const summary = page.getByRole("region", { name: "Séance terminée" });
    await expect(summary.getByText("Connecte-toi pour garder une trace de tes prochaines séances.")).toBeVisible();
    await summary.getByRole("link", { name: "Refaire cette séance" }).click();
    await expect(page.getByRole("button", { name: "Terminer la séance" })).toBeVisible();
  });

  test("'Recommencer' on the summary goes back to the first step", async ({ page }, testInfo) => {
    await openSession(page, sessionUrl(uniqueName(testInfo), ["pushups"]));
    await page.getByRole("button", { name: "Terminer la séance" }).click();
    await page.getByRole("button", { name: "Recommencer" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Choisis ton entraînement" })).toBeVisible();
  });
});

test.describe("workout session limits through the HTTP server", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "requests only: once is enough");

  test("a session payload past 512 KB gets 413 {message}; a hostile one 400 {message}", async ({ context }) => {
    const token = await logInAs(context, demoUser);
    const headers = { Authorization: `Bearer ${token}` };
    const request = context.request;
    const huge = await request.post("/api/workouts/sessions", {
      headers,
      data: { startedAt: new Date().toISOString(), notes: "x".repeat(600 * 1024) },
    });
    expect(huge.status()).toBe(413);
    expect(await huge.json()).toEqual({ message: "Requête trop volumineuse (512 Ko maximum)." });

    const hostile = await request.post("/api/workouts/sessions", {
      headers,
      data: {
        startedAt: new Date(Date.now() - 60_000).toISOString(),
        endedAt: new Date().toISOString(),
        entries: [{ exerciseId: { $gt: "" }, sets: [{ reps: 10 }] }],
      },
    });
    expect(hostile.status()).toBe(400);
    expect(((await hostile.json()) as { message: string }).message).toMatch(/^entries\[0\]\.exerciseId /);
  });

  test("the page's session form past 256 KB gets the 413 page", async ({ request, baseURL }) => {
    const response = await request.post(sessionUrl("Trop long", ["pushups"]), {
      headers: { Origin: new URL(baseURL!).origin },
      form: { intent: "terminer", "notes-seance": "x".repeat(300 * 1024) },
    });
    expect(response.status()).toBe(413);
  });
});
