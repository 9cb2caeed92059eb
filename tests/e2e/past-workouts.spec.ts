import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createVerifiedAccount, type TestAccount } from "./support/accounts";
import { jsEnabled, signedInBrowser } from "./support/session";

// A lifter's past workouts on /historique: the list newest first, a page at
// a time, each opening to every set and note, deletable after a
// confirmation (the dashboard's figures follow), with JavaScript and
// without; and the workouts CSV, one row per set.

const DAY_MS = 86_400_000;

/** `count` workouts of a fresh account, a day apart, the newest yesterday; each two sets of squats and a run. */
async function saveWorkouts(request: APIRequestContext, token: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const endedAt = new Date(Date.now() - (index + 1) * DAY_MS);
    const startedAt = new Date(endedAt.getTime() - 45 * 60_000);
    const response = await request.post("/api/workouts/sessions", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: `Séance ${count - index}`,
        startedAt: startedAt.toISOString(),
        endedAt: endedAt.toISOString(),
        notes: `Note de la séance ${count - index}`,
        entries: [
          {
            exerciseId: "barbell-squat",
            name: "Squat barre",
            mode: "muscu",
            notes: "Talons au sol",
            sets: [
              { weightKg: 60, reps: 10, restSec: 120 },
              { weightKg: 62.5, reps: 8 },
            ],
          },
          {
            exerciseId: "running",
            name: "Course à pied",
            mode: "cardio",
            sets: [{ durationMin: 10, durationSec: 30 }],
          },
        ],
      },
    });
    expect(response.status()).toBe(201);
  }
}

const workoutItems = (page: Page) => page.getByRole("list", { name: /^Mes séances/ }).getByRole("listitem");
const totalSessions = (page: Page) =>
  page.locator("dt", { hasText: "Séances enregistrées" }).locator("xpath=following-sibling::dd[1]");

async function signedIn(browser: import("@playwright/test").Browser, js: boolean, account: TestAccount) {
  const signed = await signedInBrowser(browser, js, account);
  await signed.context.addCookies([
    { name: "cookie_consent", value: "necessary", url: test.info().project.use.baseURL ?? "http://127.0.0.1" },
  ]);
  return signed;
}

test.describe("past workouts on /historique", () => {
  test.describe.configure({ timeout: 120_000 });

  test("newest first, ten a page, each opening to every set and note", async ({ browser }, testInfo) => {
    const account = await createVerifiedAccount();
    const { page, context, token } = await signedIn(browser, jsEnabled(testInfo.project.name), account);
    await saveWorkouts(context.request, token, 12);

    await page.goto("/historique");
    const section = page.getByRole("region", { name: "Mes séances passées" });
    await expect(section).toBeVisible();
    await expect(workoutItems(page)).toHaveCount(10);
    const first = workoutItems(page).first();
    await expect(first).toContainText("Séance 12");
    await expect(first).toContainText("45 min");
    await expect(first).toContainText("2 exercices");
    // 60 × 10 + 62,5 × 8
    await expect(first).toContainText("Volume 1 100 kg");
    await expect(workoutItems(page).nth(9)).toContainText("Séance 3");

    // Every set and note, without a script (a <details>) or with one.
    await expect(first.getByRole("table")).toHaveCount(0);
    await first.locator("summary").click();
    const squats = first.getByRole("table", { name: "Séries de Squat barre" });
    await expect(squats).toBeVisible();
    await expect(squats.locator("tbody tr")).toHaveCount(2);
    await expect(squats.locator("tbody tr").first()).toContainText(/1\s*60 kg\s*10\s*2 min/);
    await expect(squats.locator("tbody tr").nth(1)).toContainText(/2\s*62,5 kg\s*8\s*–/);
    await expect(first.getByRole("table", { name: "Séries de Course à pied" })).toContainText("10 min 30 s");
    await expect(first).toContainText("Talons au sol");
    await expect(first).toContainText("Note de la séance 12");

    await section.getByRole("link", { name: "Séances plus anciennes" }).click();
    await expect(workoutItems(page)).toHaveCount(2);
    await expect(workoutItems(page).first()).toContainText("Séance 2");
    await expect(workoutItems(page).nth(1)).toContainText("Séance 1");
    await expect(section.getByRole("link", { name: "Séances plus anciennes" })).toHaveCount(0);
    await section.getByRole("link", { name: "Revenir aux plus récentes" }).click();
    await expect(workoutItems(page).first()).toContainText("Séance 12");
    await context.close();
  });

  test("a workout is deleted after a confirmation, and the dashboard's figures follow", async ({
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { page, context, token } = await signedIn(browser, js, account);
    await saveWorkouts(context.request, token, 3);

    await page.goto("/historique");
    await expect(totalSessions(page)).toHaveText("3");
    const target = workoutItems(page).filter({ hasText: "Séance 2" });
    await target.locator("summary").click();

    // Asked first; 'Annuler' keeps it.
    await target.getByRole(js ? "button" : "link", { name: /^Supprimer la séance Séance 2/ }).click();
    const question = js ? page.getByRole("dialog") : page.getByRole("alertdialog");
    await expect(question).toContainText("Supprimer cette séance ?");
    await expect(question).toContainText("La séance Séance 2 du");
    // (The dialog's close button is named 'Annuler' too: the one that says it.)
    if (js) await question.getByText("Annuler", { exact: true }).click();
    else await question.getByRole("link", { name: "Annuler" }).click();
    await expect(question).toBeHidden();
    await expect(workoutItems(page)).toHaveCount(3);

    // With JavaScript it is still open after 'Annuler' (a click on its summary would close it); without, the page came back.
    if (js) {
      await expect(workoutItems(page).filter({ hasText: "Séance 2" }).locator("details")).toHaveAttribute("open", "");
    } else {
      await workoutItems(page).filter({ hasText: "Séance 2" }).locator("summary").click();
    }
    await workoutItems(page)
      .filter({ hasText: "Séance 2" })
      .getByRole(js ? "button" : "link", { name: /^Supprimer la séance Séance 2/ })
      .click();
    await question.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Séance supprimée : tes statistiques suivent.")).toBeVisible();
    await expect(workoutItems(page)).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Mes séances passées" })).not.toContainText("Séance 2");
    await expect(totalSessions(page)).toHaveText("2");

    const api = await context.request.get("/api/workouts/sessions", { headers: { Authorization: `Bearer ${token}` } });
    expect(((await api.json()) as { name: string }[]).map((session) => session.name)).toEqual(["Séance 3", "Séance 1"]);
    await context.close();
  });

  test("someone else's workout cannot be deleted; a fresh account is told it has none yet", async ({
    browser,
  }, testInfo) => {
    const owner = await createVerifiedAccount();
    const stranger = await createVerifiedAccount();
    const mine = await signedIn(browser, jsEnabled(testInfo.project.name), owner);
    await saveWorkouts(mine.context.request, mine.token, 1);
    const [saved] = (await (
      await mine.context.request.get("/api/workouts/sessions", { headers: { Authorization: `Bearer ${mine.token}` } })
    ).json()) as { _id: string }[];

    const theirs = await signedIn(browser, jsEnabled(testInfo.project.name), stranger);
    const refused = await theirs.context.request.delete(`/api/workouts/sessions/${saved!._id}`, {
      headers: { Authorization: `Bearer ${theirs.token}` },
    });
    expect(refused.status()).toBe(404);
    await theirs.page.goto("/historique");
    await expect(theirs.page.getByText("Aucune séance enregistrée pour l'instant.")).toBeVisible();
    await theirs.page.goto(`/historique?supprimer=seance-${saved!._id}`);
    await expect(theirs.page.getByRole("alertdialog")).toHaveCount(0);

    await mine.page.goto("/historique");
    await expect(workoutItems(mine.page)).toHaveCount(1);
    await mine.context.close();
    await theirs.context.close();
  });

  test("the workouts CSV has one row per set", async ({ browser }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "a download: once is enough");
    const account = await createVerifiedAccount();
    const { context, token } = await signedIn(browser, true, account);
    await saveWorkouts(context.request, token, 2);
    const response = await context.request.get("/api/me/export?format=workouts-csv", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Date (UTC);Séance;Exercice;Série;Charge (kg);Répétitions;Repos (s);Durée (s);Distance (km);Intensité (1-10);Notes",
    );
    // Two workouts of three sets each, the oldest first.
    expect(lines).toHaveLength(7);
    expect(lines.slice(1, 4).map((line) => line.split(";").slice(1).join(";"))).toEqual([
      "Séance 1;Squat barre;1;60;10;120;;;;Talons au sol",
      "Séance 1;Squat barre;2;62,5;8;;;;;Talons au sol",
      "Séance 1;Course à pied;1;;;;630;;;",
    ]);
    await context.close();
  });
});
