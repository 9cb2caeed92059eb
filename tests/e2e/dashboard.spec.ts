import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { createVerifiedAccount } from "./support/accounts";
import { demoAdmin, demoUser } from "./support/server";
import { jsEnabled, signedInBrowser } from "./support/session";

// The dashboard ('Historique'), on its page and in the account dialog. With
// JavaScript (the demo user and its eight seeded weeks): charts drawn by
// apexcharts, a pinned tooltip, the photo and a measure through the JSON API.
// Without (the demo admin, so the two projects never touch the same data):
// the data the server drew, and the same changes through forms.

async function aPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a9d8f" } })
    .jpeg()
    .toBuffer();
}

/** More than 5 MB that starts like a JPEG. */
function aHugeFile(): Buffer {
  const bytes = Buffer.alloc(6 * 1024 * 1024, 7);
  bytes.set([0xff, 0xd8, 0xff], 0);
  return bytes;
}

const measureRows = (page: Page) =>
  page
    .getByRole("table")
    .filter({ has: page.getByRole("columnheader", { name: "IMC" }) })
    .locator("tbody tr");

test.describe("dashboard", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a visitor is told to log in first", async ({ page }) => {
    const response = await page.goto("/historique");
    expect(response?.status()).toBe(401);
    await expect(page.getByText("Non connecté. Connecte-toi d'abord.")).toBeVisible();
    await page.goto("/?compte=history");
    await expect(page.getByRole("dialog").getByText("Non connecté. Connecte-toi d'abord.")).toBeVisible();
  });

  test("a fresh account's dashboard says there is nothing yet, with and without JavaScript", async ({
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { page, context } = await signedInBrowser(browser, js, account);
    await page.goto("/historique");
    await expect(page.getByRole("heading", { level: 1, name: "Historique" })).toBeVisible();
    await expect(
      page.getByText(
        "Aucune donnée pour l'instant. Enregistre un IMC, des calories ou une séance pour voir les courbes.",
      ),
    ).toBeVisible();
    // Both charts and the IMC recap.
    await expect(page.getByText("Aucune donnée disponible.")).toHaveCount(3);
    await expect(page.locator("[data-chart]")).toHaveCount(0);
    const stats = page.locator("section", { has: page.getByRole("heading", { name: "Tes statistiques" }) });
    await expect(stats.getByText("Aucune donnée", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Erreur de chargement")).toHaveCount(0);

    // The same in the account dialog, over another page.
    await page.goto("/outils?compte=history");
    const dialog = page.getByRole("dialog");
    await expect(
      dialog.getByText(
        "Aucune donnée pour l'instant. Enregistre un IMC, des calories ou une séance pour voir les courbes.",
      ),
    ).toBeVisible();
    await context.close();
  });

  test("with JavaScript: charts drawn, a tooltip pinned, the photo and a measure changed in place", async ({
    browser,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "JavaScript only");
    const { page, context } = await signedInBrowser(browser, true, demoUser);
    await page.goto("/historique");
    await expect(page.getByRole("heading", { level: 1, name: "Historique" })).toBeVisible();
    await expect(page.getByText("Salut Camille")).toBeVisible();

    // The server's SVG first, then apexcharts in the same box.
    const weightChart = page.locator('[data-chart="line"]');
    await expect(page.locator('[data-chart="bar"]')).toHaveAttribute("data-drawn", "apexcharts", { timeout: 20_000 });
    await expect(weightChart).toHaveAttribute("data-drawn", "apexcharts");
    await expect(page.locator('[data-chart="bar"]').getByText("Lun", { exact: true })).toBeVisible();
    await expect(page.locator('[data-chart="bar"]').getByText("Dim", { exact: true })).toBeVisible();

    // A click on a point pins its value; a click elsewhere closes it.
    await weightChart.locator(".apexcharts-marker").nth(2).click({ force: true });
    const pinned = page.locator("[data-pinned]");
    await expect(pinned).toBeVisible();
    await expect(pinned).toContainText(/\d+(,\d)? kg/);
    await page.getByRole("heading", { name: "Tes statistiques" }).click();
    await expect(pinned).toBeHidden();

    // The photo: chosen, sent at once, shown; the success message goes after 3 s.
    const photoCard = page.locator("section", { has: page.getByRole("heading", { name: "Photo de profil" }) });
    await photoCard.locator('input[type="file"]').setInputFiles({
      name: "moi.jpg",
      mimeType: "image/jpeg",
      buffer: await aPhoto(),
    });
    await expect(photoCard.getByText("Photo mise à jour avec succès")).toBeVisible();
    const photo = photoCard.getByRole("img", { name: "Ta photo de profil" });
    await expect(photo).toHaveAttribute("src", /^\/photos\/[0-9a-f]{24}\/[0-9a-f]{32}\.webp$/);
    await expect(photoCard.getByText("Photo mise à jour avec succès")).toBeHidden({ timeout: 6_000 });

    // Too large: refused before anything is sent.
    await photoCard.locator('input[type="file"]').setInputFiles({
      name: "enorme.jpg",
      mimeType: "image/jpeg",
      buffer: aHugeFile(),
    });
    await expect(photoCard.getByText("La photo ne doit pas dépasser 5 Mo.")).toBeVisible();
    await expect(photo).toBeVisible();

    // Deleting asks first.
    await photoCard.getByRole("button", { name: "Supprimer la photo" }).click();
    const confirmPhoto = page.getByRole("dialog", { name: "Supprimer ta photo ?" });
    await expect(confirmPhoto.getByText("Voulez-vous vraiment supprimer votre photo de profil ?")).toBeVisible();
    await confirmPhoto.getByRole("button", { name: "Supprimer" }).click();
    await expect(photoCard.getByText("Photo supprimée avec succès")).toBeVisible();
    await expect(photo).toBeHidden();

    // A measure, after 'Supprimer cette mesure ?': the oldest shown, a seeded one with a day of its own
    // (other tests add and read new ones).
    const oldest = measureRows(page).last();
    const day = (await oldest.getByRole("rowheader").textContent())!;
    await oldest.getByRole("button", { name: /^Supprimer la mesure du / }).click();
    const confirmMeasure = page.getByRole("dialog", { name: "Supprimer cette mesure ?" });
    await confirmMeasure.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Mesure supprimée.")).toBeVisible();
    await expect(measureRows(page).getByRole("rowheader", { name: day, exact: true })).toHaveCount(0);

    const accessibility = await new AxeBuilder({ page }).include("main").analyze();
    expect(accessibility.violations).toEqual([]);
    await context.close();
  });

  test("with JavaScript: the charts take the theme's colours when the theme is switched", async ({
    browser,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "JavaScript only");
    const { page, context } = await signedInBrowser(browser, true, demoUser);
    await page.goto("/historique");
    const weightChart = page.locator('[data-chart="line"]');
    await expect(weightChart).toHaveAttribute("data-drawn", "apexcharts", { timeout: 20_000 });
    // The axis labels' colour (the theme's muted text) and the grid's (its border colour), as apexcharts drew them.
    const colours = () =>
      weightChart.evaluate((box) => ({
        text: box.querySelector(".apexcharts-yaxis-label")?.getAttribute("fill") ?? null,
        grid: box.querySelector(".apexcharts-gridline")?.getAttribute("stroke") ?? null,
      }));
    await expect.poll(async () => (await colours()).grid).not.toBeNull();
    const first = await colours();
    expect(first.text).not.toBeNull();
    const html = page.locator("html");
    const firstTheme = (await html.getAttribute("data-theme")) ?? "light";

    await page
      .getByRole("button", { name: /^Passer en mode (sombre|clair)$/ })
      .first()
      .click();
    await expect(html).toHaveAttribute("data-theme", firstTheme === "dark" ? "light" : "dark");
    await expect.poll(async () => (await colours()).text).not.toBe(first.text);
    await expect.poll(async () => (await colours()).grid).not.toBe(first.grid);

    // And back: the first colours again.
    await page
      .getByRole("button", { name: /^Passer en mode (sombre|clair)$/ })
      .first()
      .click();
    await expect(html).toHaveAttribute("data-theme", firstTheme);
    await expect.poll(colours).toEqual(first);
    await context.close();
  });

  test("with JavaScript: the dialog's history view is the dashboard, and apexcharts loads there only", async ({
    browser,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "JavaScript only");
    const { page, context } = await signedInBrowser(browser, true, demoUser);
    const chartScripts: string[] = [];
    page.on("request", (request) => {
      if (/apex/i.test(request.url())) chartScripts.push(request.url());
    });
    await page.goto("/outils");
    await expect(page.getByRole("link", { name: "Historique" }).first()).toBeVisible();
    // Hydrated: the theme toggle answers.
    await page.waitForLoadState("networkidle");
    expect(chartScripts).toEqual([]);

    await page.getByRole("link", { name: "Historique" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Historique" });
    await expect(dialog.getByText("Salut Camille")).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Évolution du poids" })).toBeVisible();
    await expect(dialog.locator('[data-chart="line"]')).toHaveAttribute("data-drawn", "apexcharts", {
      timeout: 20_000,
    });
    expect(chartScripts.length).toBeGreaterThan(0);
    await expect(dialog.getByRole("heading", { name: "Mes données IMC / Poids" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    const accessibility = await new AxeBuilder({ page }).include("dialog").analyze();
    expect(accessibility.violations).toEqual([]);
    await context.close();
  });

  test("without JavaScript: the data is on the page, the photo and a measure change through forms", async ({
    browser,
  }, testInfo) => {
    test.skip(jsEnabled(testInfo.project.name), "without JavaScript only");
    const { page, context, token } = await signedInBrowser(browser, false, demoAdmin);
    for (const [poids, date] of [
      [84, "2026-01-05T08:00:00.000Z"],
      [83.2, "2026-01-12T08:00:00.000Z"],
      [82.5, "2026-01-19T08:00:00.000Z"],
    ] as const) {
      const saved = await context.request.post("/api/history", {
        data: { action: "IMC_CALC", meta: { poids, taille: 180, date } },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(saved.status()).toBe(201);
    }

    await page.goto("/historique");
    await expect(page.getByText("Salut Alex")).toBeVisible();
    // The server drew the chart and the table of its data.
    const weightChart = page.locator("figure", { has: page.getByRole("heading", { name: "Évolution du poids" }) });
    await expect(weightChart.locator("circle")).toHaveCount(await measureRows(page).count());
    await expect(weightChart.locator("table")).toContainText("82,5 kg");
    await expect(page.getByText("Exercices par jour")).toBeVisible();
    await expect(measureRows(page).first()).toContainText("82,5 kg");
    const stats = page.locator("section", { has: page.getByRole("heading", { name: "Tes statistiques" }) });
    await expect(stats.getByText("Dernier poids enregistré")).toBeVisible();
    await expect(stats).toContainText("82,5 kg");
    await expect(stats.getByText("Aucune donnée").first()).toBeVisible();

    // The photo, by its form.
    const photoCard = page.locator("section", { has: page.getByRole("heading", { name: "Photo de profil" }) });
    await photoCard.getByLabel("Choisir une photo").setInputFiles({
      name: "moi.jpg",
      mimeType: "image/jpeg",
      buffer: await aPhoto(),
    });
    await photoCard.getByRole("button", { name: "Envoyer la photo" }).click();
    await expect(page.getByText("Photo mise à jour avec succès")).toBeVisible();
    await expect(photoCard.getByRole("img", { name: "Ta photo de profil" })).toBeVisible();

    // More than 5 MB: the server stops reading and answers in the photo's words.
    await photoCard.getByLabel("Changer de photo").setInputFiles({
      name: "enorme.jpg",
      mimeType: "image/jpeg",
      buffer: aHugeFile(),
    });
    await photoCard.getByRole("button", { name: "Envoyer la photo" }).click();
    await expect(page.getByText("La photo ne doit pas dépasser 5 Mo.")).toBeVisible();
    await expect(photoCard.getByRole("img", { name: "Ta photo de profil" })).toBeVisible();

    // Deleting it asks first, on the same page.
    await photoCard.getByRole("link", { name: "Supprimer la photo" }).click();
    await expect(page).toHaveURL(/supprimer=photo/);
    await expect(page.getByText("Voulez-vous vraiment supprimer votre photo de profil ?")).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Photo supprimée avec succès")).toBeVisible();
    await expect(photoCard.getByRole("img", { name: "Ta photo de profil" })).toBeHidden();

    // A measure, after 'Supprimer cette mesure ?'.
    const before = await measureRows(page).count();
    await measureRows(page)
      .first()
      .getByRole("link", { name: /^Supprimer la mesure du / })
      .click();
    await expect(page.getByRole("alertdialog", { name: "Supprimer cette mesure ?" })).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Mesure supprimée.")).toBeVisible();
    await expect(measureRows(page)).toHaveCount(before - 1);

    // The account dialog's history view shows the same, over any page.
    await page.goto("/outils?compte=history");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Historique" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Mes données IMC / Poids" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Administration" })).toBeVisible();

    // A drawn point is named as its language punctuates: a space before the colon in French only.
    await page.goto("/historique");
    const frenchPoint = weightChart.locator("circle title").last();
    await expect(frenchPoint).toHaveText(/\S\s:\s\d[\d,]*\skg$/);
    await page.goto("/historique?lng=en");
    const englishChart = page.locator("figure", { has: page.getByRole("heading", { name: "Weight over time" }) });
    await expect(englishChart.locator("circle title").last()).toHaveText(/\S: \d[\d.]* kg$/);
    await context.close();
  });
});
