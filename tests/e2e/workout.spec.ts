import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoUser } from "./support/server";
import { jsEnabled } from "./support/session";

// The workout builder at /exo, with JavaScript (the page updates in place,
// local storage, drag and drop, keyboard moves) and without (every step a
// GET form whose state lives in the address).

/** Opens the builder and, with JavaScript, waits until React has hydrated it. */
async function openBuilder(page: Page, url = "/exo") {
  await page.goto(url);
  if (jsEnabled(test.info().project.name)) await page.locator("form[data-hydrated]").waitFor();
}

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });
const card = (page: Page, label: string) => page.getByRole("button", { name: new RegExp(`^${label}(\\s|$)`) });
const next = (page: Page) => page.getByRole("button", { name: "Suivant", exact: true });
const previous = (page: Page) => page.getByRole("button", { name: "Précédent", exact: true });
const chosenItems = (page: Page) => page.locator('section[aria-labelledby="chosen-title"] li[data-id]');
const suggestionItems = (page: Page) => page.locator('section[aria-labelledby="suggestions-title"] li[data-id]');
const ids = (items: Locator) => items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-id")));

/** Clicks a zone of the body diagram (its shape: the button's box covers the whole diagram). */
async function pickZone(page: Page, zone: string) {
  await page.locator(`button[data-zone="${zone}"] path`).first().click();
}

/** Muscu, Haltères, Pectoraux: the main path to the proposed list. */
async function toChestWithDumbbells(page: Page) {
  await openBuilder(page);
  await card(page, "Muscu").click();
  await expect(card(page, "Muscu")).toHaveAttribute("aria-pressed", "true");
  await next(page).click();
  await expect(stepHeading(page, "Choisis ton équipement")).toBeVisible();
  await card(page, "Haltères").click();
  await expect(card(page, "Haltères")).toHaveAttribute("aria-pressed", "true");
  await next(page).click();
  await expect(stepHeading(page, "Choisis le muscle ciblé")).toBeVisible();
  await pickZone(page, "pectoraux");
  await expect(page.getByRole("button", { name: "Pectoraux", exact: true })).toHaveAttribute("aria-pressed", "true");
  await next(page).click();
  await expect(stepHeading(page, "Exercices proposés")).toBeVisible();
}

/** Adds the first `count` suggestions, one after the other; returns their ids in order. */
async function addSuggestions(page: Page, count: number): Promise<string[]> {
  const added: string[] = [];
  for (let i = 0; i < count; i++) {
    const first = suggestionItems(page).first();
    const id = (await first.getAttribute("data-id"))!;
    await first.getByRole("button", { name: /^Ajouter/ }).click();
    added.push(id);
    await expect(chosenItems(page)).toHaveCount(added.length);
  }
  return added;
}

// The consent banner is answered, so it does not cover the bottom of the page.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL! }]);
});

test.describe("workout builder", () => {
  test.describe.configure({ timeout: 60_000 });

  test("Muscu, Haltères, Pectoraux lead to suggestions for the chest with dumbbells", async ({ page }, testInfo) => {
    await openBuilder(page);
    await expect(page).toHaveTitle("S'entraîner | Dynami");
    await expect(stepHeading(page, "Choisis ton entraînement")).toBeVisible();
    await expect(page.getByLabel("Nom de la séance")).toHaveValue(/^Séance - \d{2}\/\d{2}\/\d{4}$/);
    // Next needs a choice; previous is disabled at step 0.
    await expect(next(page)).toBeDisabled();
    await expect(previous(page)).toBeDisabled();

    await toChestWithDumbbells(page);
    if (!jsEnabled(testInfo.project.name)) {
      // Without JavaScript the state lives in the address.
      await expect(page).toHaveURL(/etape=3&type=muscu&equipement=halteres&muscle=pectoraux/);
    }
    const suggestions = suggestionItems(page);
    await expect(suggestions.first()).toBeVisible();
    expect(await suggestions.count()).toBeLessThanOrEqual(24);
    await expect(suggestions.first()).toContainText("Pectoraux");
    await expect(suggestions.first()).toContainText("Haltères");
    await expect(page.getByText("Aucun exercice sélectionné pour l'instant.")).toBeVisible();

    const [firstId] = await addSuggestions(page, 1);
    await expect(page.getByText("Aucun exercice sélectionné pour l'instant.")).toBeHidden();
    // Removing a chosen exercise dismisses it: it does not come back among the suggestions.
    await chosenItems(page)
      .first()
      .getByRole("button", { name: /^Retirer/ })
      .click();
    await expect(chosenItems(page)).toHaveCount(0);
    await expect(page.locator(`section[aria-labelledby="suggestions-title"] li[data-id="${firstId}"]`)).toHaveCount(0);
    await page.getByRole("button", { name: "Réinitialiser les suggestions" }).click();
    await expect(page.locator(`section[aria-labelledby="suggestions-title"] li[data-id="${firstId}"]`)).toHaveCount(1);
  });

  test("swimming jumps from the first step to the proposed list and back", async ({ page }) => {
    await openBuilder(page);
    await card(page, "Natation").click();
    await next(page).click();
    await expect(stepHeading(page, "Exercices proposés")).toBeVisible();
    await expect(page.getByText(/En natation, on nage au poids du corps/)).toBeVisible();
    await expect(suggestionItems(page).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Étape 2 sur 4/ })).toBeDisabled();
    await previous(page).click();
    await expect(stepHeading(page, "Choisis ton entraînement")).toBeVisible();
    await expect(card(page, "Natation")).toHaveAttribute("aria-pressed", "true");
  });

  test("clicking the chosen activity again clears it", async ({ page }) => {
    await openBuilder(page);
    await card(page, "Cardio").click();
    await expect(card(page, "Cardio")).toHaveAttribute("aria-pressed", "true");
    await expect(next(page)).toBeEnabled();
    await card(page, "Cardio").click();
    await expect(card(page, "Cardio")).toHaveAttribute("aria-pressed", "false");
    await expect(next(page)).toBeDisabled();
  });

  test("equipment an activity does not allow shows its joke, for 3 seconds with JavaScript", async ({
    page,
  }, testInfo) => {
    await openBuilder(page);
    await card(page, "Étirement").click();
    await next(page).click();
    await expect(stepHeading(page, "Choisis ton équipement")).toBeVisible();
    await expect(card(page, "Haltères")).toHaveAttribute("aria-disabled", "true");
    // aria-disabled: the card stays clickable, to say why it cannot be chosen (Playwright counts it as disabled).
    await card(page, "Haltères").click({ force: true });
    const joke = page.getByText("Pas besoin d'haltères pour t'étirer : un tapis suffit !");
    await expect(joke).toBeVisible();
    await expect(card(page, "Haltères")).toHaveAttribute("aria-pressed", "false");
    if (jsEnabled(testInfo.project.name)) {
      await expect(joke).toBeHidden({ timeout: 5_000 });
      // Machine has no joke for stretching: the plain message.
      await card(page, "Machine").click({ force: true });
      await expect(page.getByText("Machine n'est pas disponible pour l'activité Étirement.")).toBeVisible();
    }
    await card(page, "Poids du corps").click();
    await expect(next(page)).toBeEnabled();
  });

  test("equipment with no exercise for the training is unavailable, with its reason; an old address says so at the muscle step", async ({
    page,
  }) => {
    await openBuilder(page);
    for (const training of ["Cardio", "Endurance"]) {
      await card(page, training).click();
      await next(page).click();
      await expect(stepHeading(page, "Choisis ton équipement")).toBeVisible();
      for (const equipment of ["Barre", "Poulie"]) {
        await expect(card(page, equipment)).toHaveAttribute("aria-disabled", "true");
        await expect(card(page, equipment)).toContainText("Aucun exercice pour cette activité");
        await card(page, equipment).click({ force: true });
        await expect(
          page.getByText(
            `${equipment} : pas encore d'exercice pour l'activité ${training}. Choisis un autre équipement.`,
          ),
        ).toBeVisible();
        await expect(card(page, equipment)).toHaveAttribute("aria-pressed", "false");
        await expect(next(page)).toBeDisabled();
      }
      // The equipment that gives exercises is offered as before.
      await expect(card(page, "Haltères")).not.toHaveAttribute("aria-disabled", "true");
      await page.getByRole("button", { name: "Recommencer" }).click();
      await expect(stepHeading(page, "Choisis ton entraînement")).toBeVisible();
    }

    // A link made before: the muscle step says there is nothing, and leads back to the equipment.
    await openBuilder(page, "/exo?etape=2&type=cardio&equipement=barre");
    await expect(stepHeading(page, "Choisis le muscle ciblé")).toBeVisible();
    await expect(page.getByText("Aucun exercice pour ce choix : change d'équipement")).toBeVisible();
    await expect(next(page)).toBeDisabled();
    await page.getByRole("button", { name: "Changer d'équipement" }).click();
    await expect(stepHeading(page, "Choisis ton équipement")).toBeVisible();
    // Still ticked from the address, shown unavailable: a click unticks it.
    await expect(card(page, "Barre")).toHaveAttribute("aria-pressed", "true");
    await card(page, "Barre").click({ force: true });
    await expect(card(page, "Barre")).toHaveAttribute("aria-pressed", "false");
    await card(page, "Poids du corps").click();
    await next(page).click();
    await expect(stepHeading(page, "Choisis le muscle ciblé")).toBeVisible();
    await expect(page.getByText("Aucun exercice pour ce choix")).toBeHidden();
  });

  test("reorder the chosen exercises with 'Monter' and 'Descendre'", async ({ page }) => {
    await toChestWithDumbbells(page);
    const [a, b, c] = await addSuggestions(page, 3);
    await chosenItems(page)
      .first()
      .getByRole("button", { name: /^Descendre/ })
      .click();
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, a, c]);
    await chosenItems(page)
      .last()
      .getByRole("button", { name: /^Monter/ })
      .click();
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, c, a]);
    await expect(
      chosenItems(page)
        .first()
        .getByRole("button", { name: /^Monter/ }),
    ).toBeDisabled();
    await expect(
      chosenItems(page)
        .last()
        .getByRole("button", { name: /^Descendre/ }),
    ).toBeDisabled();
  });

  test("'Let's go' shows the session in order, 'Retour' comes back with the exercises", async ({ page }) => {
    await toChestWithDumbbells(page);
    await expect(page.getByRole("button", { name: "Let's go" })).toBeDisabled();
    const chosen = await addSuggestions(page, 2);
    const names = await chosenItems(page).locator("[class*=exerciseName]").allTextContents();
    await page.getByLabel("Nom de la séance").fill("Haut du corps");
    await page.getByRole("button", { name: "Let's go" }).click();
    await expect(stepHeading(page, "Haut du corps")).toBeVisible();
    await expect(page.getByText("Bonne séance !")).toBeVisible();
    const session = page.getByRole("list", { name: "Exercices de la séance" });
    await expect(session.getByRole("listitem")).toHaveText(names.map((name) => new RegExp(name)));
    await page.getByRole("button", { name: "Retour" }).click();
    await expect(stepHeading(page, "Exercices proposés")).toBeVisible();
    await expect.poll(() => ids(chosenItems(page))).toEqual(chosen);
  });

  test("search mode adds two exercises", async ({ page }, testInfo) => {
    await toChestWithDumbbells(page);
    const [already] = await addSuggestions(page, 1);
    await page.getByRole("button", { name: "Ajouter d'autres exercices" }).click();
    await expect(stepHeading(page, "Ajouter d'autres exercices")).toBeVisible();

    await page.getByLabel("Nom de l'exercice").fill("développé");
    if (!jsEnabled(testInfo.project.name)) await page.getByRole("button", { name: "Rechercher" }).click();
    const results = page.locator("li:has(> input[type=checkbox])");
    await expect(results.first()).toBeVisible();
    await expect(results.first()).toContainText(/Développé/i);
    // The exercise already in the session is disabled and tagged.
    const added = page.locator(`#tick-${already}`);
    if ((await added.count()) > 0) {
      await expect(added).toBeDisabled();
      await expect(results.filter({ has: added })).toContainText("Déjà ajouté");
    }

    const tickable = page.locator("li > input[type=checkbox]:not(:disabled)");
    let picked: string[];
    if (jsEnabled(testInfo.project.name)) {
      await expect(page.getByRole("button", { name: "Ajouter (0)" })).toBeDisabled();
      // Enter ticks the first match not yet added.
      const firstId = (await tickable.first().getAttribute("value"))!;
      await page.getByLabel("Nom de l'exercice").press("Enter");
      await expect(tickable.first()).toBeChecked();
      const secondId = (await tickable.nth(1).getAttribute("value"))!;
      await tickable.nth(1).check();
      picked = [firstId, secondId];
      await page.getByRole("button", { name: "Ajouter (2)" }).click();
    } else {
      picked = [(await tickable.nth(0).getAttribute("value"))!, (await tickable.nth(1).getAttribute("value"))!];
      await tickable.nth(0).check();
      await tickable.nth(1).check();
      await page.getByRole("button", { name: "Ajouter la sélection" }).click();
    }
    await expect(stepHeading(page, "Exercices proposés")).toBeVisible();
    await expect.poll(() => ids(chosenItems(page))).toEqual([already, ...picked]);
  });

  test("search filters narrow the results; an empty search says so", async ({ page }, testInfo) => {
    await openBuilder(page, "/exo?mode=recherche");
    await page.getByLabel("Muscle").selectOption({ label: "Mollets" });
    if (!jsEnabled(testInfo.project.name)) await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.locator("li:has(> input[type=checkbox])").first()).toContainText("Mollets");
    await page.getByLabel("Nom de l'exercice").fill("zzzzzz");
    if (!jsEnabled(testInfo.project.name)) await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByText("Aucun résultat. Essaie un autre mot-clé ou retire des filtres.")).toBeVisible();
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(stepHeading(page, "Choisis ton entraînement")).toBeVisible();
  });

  test("a shared link restores the builder, unknown ids dropped", async ({ page }) => {
    await openBuilder(
      page,
      "/exo?etape=3&type=muscu&equipement=halteres&muscle=BICEPS&choix=dumbbell-bench-press&choix=nope",
    );
    await expect(stepHeading(page, "Exercices proposés")).toBeVisible();
    await expect.poll(() => ids(chosenItems(page))).toEqual(["dumbbell-bench-press"]);
    await page.getByRole("button", { name: /^Étape 3 sur 4/ }).click();
    await expect(page.getByRole("button", { name: "Biceps", exact: true })).toHaveAttribute("aria-pressed", "true");
  });

  test("signed in: the user panel greets by first name and links to the history", async ({ page, baseURL }) => {
    const login = await page.request.post("/api/login", {
      data: { identifier: demoUser.email, password: demoUser.password },
      headers: { Origin: baseURL! },
    });
    expect(login.ok()).toBe(true);
    await openBuilder(page);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Camille");
    const panel = page.getByRole("region", { name: "Ton espace" });
    await expect(panel.getByText("Salut Camille !")).toBeVisible();
    await expect(panel.getByRole("link", { name: "Voir mon historique" })).toHaveAttribute("href", /compte=history/);
    await expect(page.getByRole("heading", { name: "Le conseil du moment" })).toHaveCount(0);
  });

  test("visitors get a tip card with one of the tips", async ({ page }) => {
    await openBuilder(page);
    const tip = page.getByRole("region", { name: "Le conseil du moment" });
    await expect(tip).toBeVisible();
    await expect(tip.locator("[data-tip]")).toHaveText(/.{20,}/);
    await expect(tip.getByRole("link", { name: "Se connecter" })).toHaveAttribute("href", /compte=login/);
  });

  test("the page speaks the visitor's language", async ({ page }) => {
    await openBuilder(page, "/exo?lng=en&etape=3&type=muscu&equipement=halteres&muscle=pectoraux");
    await expect(stepHeading(page, "Suggested exercises")).toBeVisible();
    await expect(suggestionItems(page).first()).toContainText("Dumbbell");
    await openBuilder(page, "/exo?lng=de");
    await expect(stepHeading(page, "Wähle deine Trainingsart")).toBeVisible();
    await openBuilder(page, "/exo?lng=es");
    await expect(stepHeading(page, "Elige el tipo de entrenamiento")).toBeVisible();
  });
});

test.describe("workout builder with JavaScript", () => {
  test.describe.configure({ timeout: 90_000 });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "drag and drop, storage and keyboard moves need JavaScript");

  test("every activity type reaches the proposed list", async ({ page }) => {
    const types = ["Muscu", "Cardio", "Endurance", "Yoga", "Natation", "Étirement", "Méditation"];
    const decidedForYou = ["Yoga", "Natation", "Méditation"];
    for (const type of types) {
      await openBuilder(page);
      await card(page, type).click();
      await next(page).click();
      if (!decidedForYou.includes(type)) {
        await expect(stepHeading(page, "Choisis ton équipement")).toBeVisible();
        await card(page, "Poids du corps").click();
        await next(page).click();
        await expect(stepHeading(page, "Choisis le muscle ciblé")).toBeVisible();
        const zone = page.locator("button[data-zone] path, ul[aria-label='Choisis le muscle ciblé'] button").first();
        await zone.click();
        await next(page).click();
      }
      await expect(stepHeading(page, "Exercices proposés"), type).toBeVisible();
      await expect(suggestionItems(page).first(), `${type} has suggestions`).toBeVisible();
      await page.getByRole("button", { name: "Recommencer" }).click();
      await expect(stepHeading(page, "Choisis ton entraînement")).toBeVisible();
    }
  });

  test("reorder by dragging with the mouse", async ({ page }) => {
    await toChestWithDumbbells(page);
    const [a, b, c] = await addSuggestions(page, 3);
    // sortablejs loads once a pointer comes onto the list.
    await chosenItems(page).first().hover();
    const list = page.locator("ol[data-sortable=ready]");
    await list.waitFor();
    // The whole list in sight: a pointer below the fold finds no item to drop on.
    await list.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const source = chosenItems(page).first().locator("[class*=exerciseName]");
    const target = chosenItems(page).last();
    const from = (await source.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the 5 px threshold, then down to the last item, in small steps.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 20 });
    await page.mouse.up();
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, c, a]);
  });

  test("reorder with the keyboard: Space picks up, arrows move, Space drops, Escape cancels", async ({ page }) => {
    await toChestWithDumbbells(page);
    const [a, b, c] = await addSuggestions(page, 3);
    const handle = chosenItems(page)
      .first()
      .getByRole("button", { name: /^Déplacer/ });
    await handle.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("status").filter({ hasText: /position 3 sur 3/ })).toHaveCount(1);
    await page.keyboard.press("Space");
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, c, a]);
    await expect(page.getByText(/déposé en position 3 sur 3\./)).toBeAttached();

    // Escape puts the item back where it was.
    const lastHandle = chosenItems(page)
      .last()
      .getByRole("button", { name: /^Déplacer/ });
    await lastHandle.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Escape");
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, c, a]);
    await expect(page.getByText(/Déplacement annulé/)).toBeAttached();
  });

  test("reload keeps everything, and a bare /exo restores the builder from local storage", async ({ page }) => {
    await toChestWithDumbbells(page);
    const [a, b] = await addSuggestions(page, 2);
    await chosenItems(page)
      .first()
      .getByRole("button", { name: /^Descendre/ })
      .click();
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, a]);
    await page.getByLabel("Nom de la séance").fill("Pecs du jeudi");
    await expect(page).toHaveURL(/nom=Pecs/);

    await page.reload();
    await page.locator("form[data-hydrated]").waitFor();
    await expect(stepHeading(page, "Exercices proposés")).toBeVisible();
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, a]);
    await expect(page.getByLabel("Nom de la séance")).toHaveValue("Pecs du jeudi");

    const stored = await page.evaluate(() => ({
      selected: localStorage.getItem("dynamiSelected"),
      type: localStorage.getItem("dynamiType"),
      step: localStorage.getItem("dynamiStep"),
      exercises: JSON.parse(localStorage.getItem("formSelectedExercises") ?? "[]") as { id: string }[],
    }));
    expect(stored).toMatchObject({ selected: JSON.stringify([b, a]), type: "muscu", step: "3" });
    expect(stored.exercises.map((exercise) => exercise.id)).toEqual([b, a]);

    // A menu link to the bare page brings the same builder back.
    await page.goto("/exo");
    await expect(stepHeading(page, "Exercices proposés")).toBeVisible();
    await expect.poll(() => ids(chosenItems(page))).toEqual([b, a]);
    await expect(page).toHaveURL(/type=muscu/);

    // Starting over forgets it.
    await page.getByRole("button", { name: "Recommencer" }).click();
    await expect(stepHeading(page, "Choisis ton entraînement")).toBeVisible();
    await page.goto("/exo");
    await page.locator("form[data-hydrated]").waitFor();
    await expect(stepHeading(page, "Choisis ton entraînement")).toBeVisible();
  });

  test("the chosen list is announced and can be replaced by window events", async ({ page }) => {
    await toChestWithDumbbells(page);
    await page.evaluate(() => {
      (window as unknown as { updates: unknown[] }).updates = [];
      window.addEventListener("dynami:selected:update", (event) =>
        (window as unknown as { updates: unknown[] }).updates.push((event as CustomEvent).detail),
      );
    });
    const [a] = await addSuggestions(page, 1);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { updates: { ids: string[] }[] }).updates.at(-1)?.ids))
      .toEqual([a]);
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent("dynami:selected:replace", { detail: ["dumbbell-flyes", "nope"] })),
    );
    await expect.poll(() => ids(chosenItems(page))).toEqual(["dumbbell-flyes"]);
  });

  test("every step, the search mode and the session are accessible (axe)", async ({ page }) => {
    const check = async (what: string) => {
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        what,
      ).toEqual([]);
    };
    await openBuilder(page);
    await check("step 1");
    await card(page, "Muscu").click();
    await next(page).click();
    await expect(stepHeading(page, "Choisis ton équipement")).toBeVisible();
    await check("step 2");
    await card(page, "Haltères").click();
    await next(page).click();
    await pickZone(page, "pectoraux");
    await check("step 3");
    await next(page).click();
    await addSuggestions(page, 2);
    await check("step 4");
    await page.getByRole("button", { name: "Ajouter d'autres exercices" }).click();
    await expect(page.locator("li:has(> input[type=checkbox])").first()).toBeVisible();
    await check("search");
    await page.getByRole("button", { name: "Annuler" }).click();
    await page.getByRole("button", { name: "Let's go" }).click();
    await check("session");
  });

  test("a failed load while the page updates in place says so, and offers to try again", async ({ page }) => {
    await openBuilder(page);
    await card(page, "Muscu").click();
    // Nothing reaches the server: neither the page's data nor the catalogue files the offline builder would
    // compute it from (app/components/workout/offline-exo-page.ts; it takes over when it can read them).
    const failed = ["**/exo.data**", "**/data/exo/*.json"];
    for (const address of failed) await page.route(address, (route) => route.abort("internetdisconnected"));
    await next(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Impossible de charger les exercices" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(/^Erreur\s?: .+|^Erreur de chargement$/);
    for (const address of failed) await page.unroute(address);
    await page.getByRole("link", { name: "Réessayer" }).click();
    await expect(stepHeading(page, "Choisis ton équipement")).toBeVisible();
  });

  test("no script error, CSP violation or hydration mismatch", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /Content Security Policy|Refused to|hydrat/i.test(message.text()))
        problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await toChestWithDumbbells(page);
    await addSuggestions(page, 2);
    await page.getByRole("button", { name: "Ajouter d'autres exercices" }).click();
    await page.getByLabel("Nom de l'exercice").fill("squat");
    await expect(page.locator("li:has(> input[type=checkbox])").first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
