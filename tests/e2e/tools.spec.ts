import { expect, type Locator, type Page, test } from "@playwright/test";
import { markDocument } from "./support/same-document";
import { demoUser } from "./support/server";
import { jsEnabled } from "./support/session";

// The calculators, their tabs, articles and history saving, with
// JavaScript on (fetcher, dialogs, tabs pattern) and off (plain posts,
// <details>, links).

/** French digit grouping uses a narrow no-break space: "2 556". */
const kcal = (value: string) => new RegExp(`^${value.replace(" ", "\\s")}$`);

/**
 * Opens a page and, with JavaScript, waits until React has hydrated it (the
 * article links then announce a dialog, the tabs get their tab stops), so the
 * test drives the enhanced page rather than racing the plain one.
 */
async function open(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

async function hydrated(page: Page) {
  if (!jsEnabled(test.info().project.name)) return;
  await page.waitForFunction(() => document.querySelector('[aria-haspopup="dialog"], [role="tab"][tabindex]') !== null);
}

const field = (scope: Page | Locator, name: string) => scope.getByRole("textbox", { name: new RegExp(`^${name}`) });
const result = (page: Page) => page.getByRole("region", { name: /Ton résultat|Tes besoins du jour|Your result/ });

async function calculateImc(page: Page, poids: string, taille: string) {
  await field(page, "Poids").fill(poids);
  await field(page, "Taille").fill(taille);
  await page.getByRole("button", { name: "Calculer mon IMC" }).click();
}

interface CalorieForm {
  sexe: "Homme" | "Femme";
  poids: string;
  taille: string;
  age: string;
  formule: "Mifflin-St Jeor" | "Harris-Benedict" | "Katch-McArdle";
  masseGrasse?: string;
  activite: "Faible" | "Moyen" | "Actif" | "Très actif";
  objectif: "Perdre du poids" | "Maintenir mon poids" | "Prendre du poids";
}

/** The form most tests fill: a man of 30, 70 kg, 175 cm, moderately active, keeping his weight. */
const sampleForm: CalorieForm = {
  sexe: "Homme",
  poids: "70",
  taille: "175",
  age: "30",
  formule: "Mifflin-St Jeor",
  activite: "Moyen",
  objectif: "Maintenir mon poids",
};

async function calculateCalories(page: Page, form: CalorieForm) {
  await page.getByRole("radio", { name: form.sexe, exact: true }).check();
  await field(page, "Poids").fill(form.poids);
  await field(page, "Taille").fill(form.taille);
  await field(page, "Âge").fill(form.age);
  await page.getByRole("radio", { name: new RegExp(`^${form.formule}`) }).check();
  if (form.masseGrasse) await field(page, "Masse grasse").fill(form.masseGrasse);
  await page.getByRole("radio", { name: new RegExp(`^${form.activite} `) }).check();
  await page.getByRole("radio", { name: form.objectif }).check();
  await page.getByRole("button", { name: "Calculer mes besoins" }).click();
}

async function expectMacros(page: Page, glucides: number, proteines: number, lipides: number) {
  await expect(page.getByTestId("macro-glucides")).toHaveText(`${glucides} g`);
  await expect(page.getByTestId("macro-proteines")).toHaveText(`${proteines} g`);
  await expect(page.getByTestId("macro-lipides")).toHaveText(`${lipides} g`);
}

test.describe("IMC calculator", () => {
  test("70 kg and 175 cm give 22,9, 'Corpulence normale', advice and gauge", async ({ page }, testInfo) => {
    await open(page, "/imc");
    await expect(page).toHaveTitle("Calculateur d'IMC | Dynami");
    // With JavaScript the result comes without reloading the page (a fetcher); without, from the page's post.
    const sameDocument = await markDocument(page);
    await calculateImc(page, "70", "175");
    const panel = result(page);
    await expect(panel.getByTestId("imc-value")).toHaveText("22,9");
    await expect(panel.getByText("Corpulence normale", { exact: true })).toBeVisible();
    await expect(panel.getByText("Continue comme ça")).toBeVisible();
    await expect(panel.getByRole("img", { name: /ton IMC de 22,9 se situe dans la zone\s«\sNormal\s»/ })).toBeVisible();
    // The entered values stay in the form.
    await expect(field(page, "Poids")).toHaveValue("70");
    await expect(field(page, "Taille")).toHaveValue("175");
    expect(await sameDocument()).toBe(jsEnabled(testInfo.project.name));
  });

  test("a comma is a decimal separator", async ({ page }) => {
    await open(page, "/imc");
    // 70.5 / 1.75² = 23.02
    await calculateImc(page, "70,5", "175");
    await expect(result(page).getByTestId("imc-value")).toHaveText("23,0");
  });

  test("shows the spec's two messages", async ({ page }) => {
    await open(page, "/imc");
    await calculateImc(page, "abc", "175");
    await expect(page.getByText("Entre un poids et une taille valides.")).toBeVisible();
    await expect(result(page)).toHaveCount(0);
    await calculateImc(page, "29", "175");
    await expect(
      page.getByText("La taille doit être comprise entre 50 et 300 cm, et le poids entre 30 et 500 kg."),
    ).toBeVisible();
    await calculateImc(page, "70", "350");
    await expect(
      page.getByText("La taille doit être comprise entre 50 et 300 cm, et le poids entre 30 et 500 kg."),
    ).toBeVisible();
  });

  test("blocks e, E, +, - and space in the fields", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "a key handler needs JavaScript");
    await open(page, "/imc");
    const poids = field(page, "Poids");
    await poids.pressSequentially("-7e0 +E,5");
    await expect(poids).toHaveValue("70,5");
  });

  test("without the preferences consent, keeps no measure in local storage", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "local storage is written by the page's scripts");
    await open(page, "/imc");
    await calculateImc(page, "70,5", "175");
    await expect(result(page).getByTestId("imc-value")).toHaveText("23,0");
    expect(await page.evaluate(() => [localStorage.getItem("userPoids"), localStorage.getItem("userTaille")])).toEqual([
      null,
      null,
    ]);
  });

  test("remembers the last weight and height (userPoids, userTaille) for the next form", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "local storage is written by the page's scripts");
    await context.addCookies([{ name: "cookie_consent", value: "preferences", url: baseURL! }]);
    await open(page, "/imc");
    await calculateImc(page, "70,5", "175");
    await expect(result(page).getByTestId("imc-value")).toHaveText("23,0");
    expect(await page.evaluate(() => [localStorage.getItem("userPoids"), localStorage.getItem("userTaille")])).toEqual([
      "70.5",
      "175",
    ]);
    await open(page, "/calorie");
    await expect(field(page, "Poids")).toHaveValue("70,5");
    await expect(field(page, "Taille")).toHaveValue("175");
    await expect(field(page, "Âge")).toHaveValue("");
  });

  test("speaks the page's language, with its number format", async ({ page }) => {
    await open(page, "/imc?lng=en");
    await expect(page).toHaveTitle("BMI calculator | Dynami");
    await field(page, "Weight").fill("70");
    await field(page, "Height").fill("175");
    await page.getByRole("button", { name: "Calculate my BMI" }).click();
    await expect(result(page).getByTestId("imc-value")).toHaveText("22.9");
    await expect(result(page).getByText("Healthy weight", { exact: true })).toBeVisible();
    await field(page, "Weight").fill("abc");
    await page.getByRole("button", { name: "Calculate my BMI" }).click();
    await expect(page.getByText("Please enter a valid weight and height.")).toBeVisible();
  });

  test("explanation blocks unfold and fold", async ({ page }) => {
    await open(page, "/imc");
    const block = page.locator("#comprendre li").first();
    const more = block.locator("details");
    await expect(more).not.toHaveAttribute("open", "");
    await block.getByText("En savoir plus").click();
    await expect(more).toHaveAttribute("open", "");
    await block.getByText("En savoir plus").click();
    await expect(more).not.toHaveAttribute("open", "");
  });
});

test.describe("calorie calculator", () => {
  test("Mifflin-St Jeor: needs and macros of the goal", async ({ page }, testInfo) => {
    await open(page, "/calorie");
    await expect(page).toHaveTitle("Besoins caloriques | Dynami");
    await expect(page.getByRole("radio", { name: /^Mifflin-St Jeor/ })).toBeChecked();
    await expect(page.getByText("Recommandé", { exact: true })).toBeVisible();
    const sameDocument = await markDocument(page);
    await calculateCalories(page, sampleForm);
    // 10 x 70 + 6.25 x 175 - 5 x 30 + 5 = 1648.75; x 1.55 = 2555.6 -> 2556 kcal.
    await expect(page.getByTestId("calories-value")).toHaveText(kcal("2 556"));
    // Maintain 45/25/30: 2556 x .45 / 4 = 287.6; x .25 / 4 = 159.8; x .30 / 9 = 85.2.
    await expectMacros(page, 288, 160, 85);
    await expect(page.getByTestId("goal-lose")).toHaveText(/^2\s056 kcal$/);
    await expect(page.getByTestId("goal-gain")).toHaveText(/^3\s056 kcal$/);
    expect(await sameDocument()).toBe(jsEnabled(testInfo.project.name));
    // The spec's 'see adapted recipes' leads to /not-found, where they are announced.
    await result(page).getByRole("link", { name: "Voir les recettes adaptées" }).click();
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("Harris-Benedict: needs and macros of the goal", async ({ page }, testInfo) => {
    await open(page, "/calories");
    const sameDocument = await markDocument(page);
    await calculateCalories(page, {
      sexe: "Femme",
      poids: "60",
      taille: "165",
      age: "28",
      formule: "Harris-Benedict",
      activite: "Actif",
      objectif: "Prendre du poids",
    });
    // 447.593 + 9.247 x 60 + 3.098 x 165 - 4.33 x 28 = 1392.3; x 1.75 = 2436.6 -> 2437; + 500 = 2937.
    await expect(page.getByTestId("calories-value")).toHaveText(kcal("2 937"));
    // Gain 35/35/30: 2937 x .35 / 4 = 257.0; x .30 / 9 = 97.9.
    await expectMacros(page, 257, 257, 98);
    expect(await sameDocument()).toBe(jsEnabled(testInfo.project.name));
  });

  test("Katch-McArdle with body fat: needs and macros of the goal", async ({ page }, testInfo) => {
    await open(page, "/calorie");
    const bodyFat = field(page, "Masse grasse");
    if (jsEnabled(testInfo.project.name)) {
      await expect(bodyFat).toBeHidden();
    } else {
      await expect(bodyFat).toBeVisible();
      await expect(page.getByText("Uniquement pour la formule Katch-McArdle.")).toBeVisible();
    }
    await calculateCalories(page, {
      ...sampleForm,
      formule: "Katch-McArdle",
      masseGrasse: "20",
      objectif: "Perdre du poids",
    });
    // Lean mass 70 x 0.8 = 56 kg; 370 + 21.6 x 56 = 1579.6; x 1.55 = 2448.4 -> 2448; - 500 = 1948.
    await expect(page.getByTestId("calories-value")).toHaveText(kcal("1 948"));
    // Lose 35/35/30: 1948 x .35 / 4 = 170.5 -> 170; x .30 / 9 = 64.9 -> 65.
    await expectMacros(page, 170, 170, 65);
    await expect(bodyFat).toHaveValue("20");
  });

  test("each message appears under its field", async ({ page }) => {
    await open(page, "/calorie");
    await field(page, "Poids").fill("abc");
    await field(page, "Taille").fill("175,3");
    await field(page, "Âge").fill("11");
    await page.getByRole("radio", { name: /^Katch-McArdle/ }).check();
    await page.getByRole("button", { name: "Calculer mes besoins" }).click();
    for (const message of [
      "Sexe à choisir : homme ou femme.",
      "Poids à saisir en kg (ex. 70 ou 70,5).",
      "Taille au demi-centimètre près (pas de 0,5).",
      "Âge entre 12 et 120 ans.",
      "Masse grasse requise pour la formule Katch (en %).",
      "Niveau d'activité à choisir : faible, moyen, actif ou très actif.",
      "Objectif à choisir : perdre, maintenir ou prendre du poids.",
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // The message is tied to its field for screen readers.
    await expect(field(page, "Âge")).toHaveAccessibleDescription(/Âge entre 12 et 120 ans\./);
    await field(page, "Poids").fill("25");
    await field(page, "Taille").fill("90");
    await field(page, "Âge").fill("30,5");
    await page.getByRole("button", { name: "Calculer mes besoins" }).click();
    await expect(page.getByText("Poids entre 30 et 500 kg.", { exact: true })).toBeVisible();
    await expect(page.getByText("Taille entre 100 et 300 cm (pas de 0,5).", { exact: true })).toBeVisible();
    await expect(page.getByText("Âge en années entières (ex. 30).", { exact: true })).toBeVisible();
  });

  test("each goal card opens its detail", async ({ page }, testInfo) => {
    await open(page, "/calorie");
    await calculateCalories(page, sampleForm);
    const gainDetail = page.getByText("Voir le détail : Prendre du poids");
    if (jsEnabled(testInfo.project.name)) {
      await page.getByRole("button", { name: "Voir le détail : Prendre du poids" }).click();
      const dialog = page.getByRole("dialog", { name: "Objectif : Prendre du poids" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/^3\s056$/)).toBeVisible();
      // Gain 35/35/30 of 3056: 267 g, 267 g, 102 g.
      await expect(dialog.getByText("267 g")).toHaveCount(2);
      await expect(dialog.getByText("102 g")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: "Voir le détail : Prendre du poids" })).toBeFocused();
    } else {
      await gainDetail.click();
      const card = page.locator("li", { has: page.getByTestId("goal-gain") });
      await expect(card.getByText("102 g")).toBeVisible();
    }
  });
});

test.describe("/outils tabs", () => {
  test("IMC is the default tab; the calorie tab shows the calorie form", async ({ page }, testInfo) => {
    await open(page, "/outils");
    await expect(page).toHaveTitle("Outils | Dynami");
    const imcTab = page.getByRole("tab", { name: "IMC" });
    const caloriesTab = page.getByRole("tab", { name: "Calories" });
    await expect(imcTab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Calculer mon IMC" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Calculer mes besoins" })).toBeHidden();

    await caloriesTab.click();
    await expect(caloriesTab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Calculer mes besoins" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Calculer mon IMC" })).toBeHidden();
    await expect(page).toHaveURL(/\?onglet=calories/);

    if (jsEnabled(testInfo.project.name)) {
      // Arrow keys move between tabs and show their panel.
      await caloriesTab.focus();
      await page.keyboard.press("ArrowRight");
      await expect(imcTab).toBeFocused();
      await expect(imcTab).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("button", { name: "Calculer mon IMC" })).toBeVisible();
      await page.keyboard.press("End");
      await expect(caloriesTab).toBeFocused();
      await expect(caloriesTab).toHaveAttribute("tabindex", "0");
      await expect(imcTab).toHaveAttribute("tabindex", "-1");
    }
  });

  test("the home page's card opens the calorie tab, and its calculator answers in the tab", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    await page.getByRole("link", { name: /Ouvrir\s*: Besoins caloriques/ }).click();
    await expect(page).toHaveURL(/\/outils\?onglet=calories#outils/);
    await expect(page.getByRole("tab", { name: "Calories" })).toHaveAttribute("aria-selected", "true");
    await hydrated(page);
    const sameDocument = await markDocument(page);
    await calculateCalories(page, sampleForm);
    await expect(page.getByTestId("calories-value")).toHaveText(kcal("2 556"));
    await expect(page.getByRole("tab", { name: "Calories" })).toHaveAttribute("aria-selected", "true");
    expect(await sameDocument()).toBe(jsEnabled(testInfo.project.name));
  });

  test("the IMC tab computes like the IMC page", async ({ page }, testInfo) => {
    await open(page, "/outils?onglet=imc#outils");
    const sameDocument = await markDocument(page);
    await calculateImc(page, "70", "175");
    await expect(result(page).getByTestId("imc-value")).toHaveText("22,9");
    await expect(result(page).getByText("Corpulence normale", { exact: true })).toBeVisible();
    expect(await sameDocument()).toBe(jsEnabled(testInfo.project.name));
  });
});

test.describe("articles", () => {
  test("a card opens the article: a dialog with JavaScript, the page itself without", async ({ page }, testInfo) => {
    await open(page, "/imc");
    const cards = page.locator("#articles li");
    await expect(cards).toHaveCount(3);
    const title = (await cards.first().getByRole("heading").textContent())!.trim();
    await cards
      .first()
      .getByRole("link", { name: /Lire l'article/ })
      .click();
    if (jsEnabled(testInfo.project.name)) {
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
      await dialog.getByRole("button", { name: "Lire la suite" }).click();
      await expect(dialog.getByRole("heading", { level: 3 }).first()).toBeVisible();
      await dialog.getByRole("button", { name: "Version courte" }).click();
      await expect(dialog.getByRole("button", { name: "Lire la suite" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.locator("html")).not.toHaveCSS("overflow", "hidden");
    } else {
      await expect(page).toHaveURL(/\/imc\?article=[\w-]+#article$/);
      const article = page.locator("article#article");
      await expect(article.getByRole("heading", { name: title })).toBeVisible();
      await article.getByRole("link", { name: "Fermer l'article" }).click();
      await expect(page.locator("article#article")).toHaveCount(0);
    }
  });

  test("the calorie page lists the calorie articles", async ({ page }) => {
    await open(page, "/calorie");
    await expect(page.getByRole("heading", { name: "Articles sur les calories" })).toBeVisible();
    await expect(page.locator("#articles li")).toHaveCount(3);
  });
});

test.describe("history", () => {
  test("a visitor is invited to log in", async ({ page }) => {
    await open(page, "/imc");
    await calculateImc(page, "70", "175");
    await expect(page.getByText("Connecte-toi pour enregistrer tes calculs")).toBeVisible();
    await expect(page.locator("#contenu").getByRole("link", { name: "Se connecter" })).toHaveAttribute(
      "href",
      /^\/imc\?compte=login$/,
    );
  });

  test("a signed-in user's calculations are saved and listed by GET /api/history", async ({ page }, testInfo) => {
    const login = await page.request.post("/api/login", {
      data: { identifier: demoUser.pseudo, password: demoUser.password, remember: false },
    });
    expect(login.status()).toBe(200);
    // A weight of its own per project, since both projects share the demo user.
    const poids = jsEnabled(testInfo.project.name) ? "81,5" : "82,5";
    await open(page, "/imc");
    await calculateImc(page, poids, "180");
    await expect(page.getByText("Enregistré dans ton historique")).toBeVisible();

    await open(page, "/calorie");
    await calculateCalories(page, {
      sexe: "Femme",
      poids,
      taille: "165",
      age: "41",
      formule: "Katch-McArdle",
      masseGrasse: "30",
      activite: "Faible",
      objectif: "Perdre du poids",
    });
    await expect(page.getByText("Enregistré dans ton historique")).toBeVisible();

    const history = await page.request.get("/api/history");
    expect(history.status()).toBe(200);
    const records = (await history.json()) as { action: string; meta: Record<string, unknown> }[];
    const weight = Number(poids.replace(",", "."));
    const imc = records.find((record) => record.action === "IMC_CALC" && record.meta["poids"] === weight);
    // 81.5 / 1.8² = 25.15 -> 25.2; 82.5 / 1.8² = 25.46 -> 25.5: both "Surpoids".
    expect(imc?.meta).toMatchObject({ taille: 180, imc: weight === 81.5 ? 25.2 : 25.5, categorie: "Surpoids" });
    const calories = records.find((record) => record.action === "CALORIES_CALC" && record.meta["poids"] === weight);
    // Lean mass x 0.7; 370 + 21.6 x lean; x 1.2; - 500.
    const expected = Math.round((370 + 21.6 * weight * 0.7) * 1.2) - 500;
    expect(calories?.meta).toMatchObject({ formule: "katch", masseGrasse: 30, objectif: "lose", calories: expected });
    // Newest first.
    expect(records.indexOf(calories!)).toBeLessThan(records.indexOf(imc!));
  });
});

test("the tool pages hydrate without errors or Content-Security-Policy violations", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo.project.name), "only meaningful with JavaScript");
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy|Refused to/.test(message.text()))
      problems.push(message.text());
  });
  for (const url of ["/outils", "/imc", "/calorie", "/outils?onglet=calories"]) await open(page, url);
  await calculateCalories(page, sampleForm);
  await expect(page.getByTestId("calories-value")).toHaveText(kcal("2 556"));
  expect(problems).toEqual([]);
});
