import { expect, test } from "@playwright/test";

const jsEnabled = (projectName: string) => projectName === "js";

test.describe("shared layout and languages", () => {
  test("home is served in French by default, with the title helper", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveTitle("Accueil | Dynami");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bouge mieux");
    await expect(page.getByRole("link", { name: /Calculateur d'IMC/ })).toBeVisible();
    await expect(page.getByText("Bientôt")).toHaveCount(2);
  });

  test("the about section follows the language and the burger entry scrolls to it", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "À propos de Dynami" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "L'équipe fondatrice" })).toBeVisible();
    await page.getByLabel("Ouvrir le menu").click();
    await page
      .getByRole("navigation", { name: "Navigation principale" })
      .getByRole("link", { name: "À propos" })
      .click();
    await expect(page).toHaveURL(/#a-propos$/);
    await page.goto("/?lng=en");
    await expect(page.getByRole("heading", { name: "About Dynami" })).toBeVisible();
  });

  test("?lng=en switches to English and stays English on the next request", async ({ page }) => {
    await page.goto("/?lng=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle("Home | Dynami");
    await page.getByRole("link", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.goto("/nope");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("the browser's language is used when nothing was chosen", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await context.close();
  });

  test("the burger menu opens, lists the sections and closes", async ({ page }) => {
    await page.goto("/");
    const menuButton = page.getByLabel("Ouvrir le menu");
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav).toBeHidden();
    await menuButton.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("list").first().getByRole("link")).toHaveText([
      "Outils",
      "Exercices",
      "À propos",
      "Contact",
    ]);
    // Then the account's entries: a visitor's.
    await expect(nav.getByRole("list", { name: "Compte" }).getByRole("link")).toHaveText([
      "Se connecter",
      "Créer un compte",
    ]);
    await menuButton.click();
    await expect(nav).toBeHidden();

    await page.goto("/nope");
    await page.getByLabel("Ouvrir le menu").click();
    await expect(
      page.getByRole("navigation", { name: "Navigation principale" }).getByRole("list").first().getByRole("link"),
    ).toHaveText(["Accueil", "Outils", "Exercices", "À propos", "Contact"]);
  });

  test("the theme toggle switches to dark and the server remembers it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Passer en mode sombre" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Passer en mode clair" })).toBeVisible();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.getByRole("button", { name: "Passer en mode clair" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });

  test("the footer has quick links, four social links in new tabs and the legal link", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /nouvel onglet/ })).toHaveCount(4);
    for (const link of await footer.getByRole("link", { name: /nouvel onglet/ }).all()) {
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(footer.getByRole("link", { name: "Mentions légales" }).first()).toHaveAttribute(
      "href",
      "/mentions-legales",
    );
  });
});

test.describe("404 and headers", () => {
  test("an unknown path answers 404 with 'Oups… page introuvable'", async ({ page }, testInfo) => {
    await page.goto("/");
    const response = await page.goto("/une/page/qui/n-existe/pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oups… page introuvable");
    await expect(page).toHaveTitle("Oups… page introuvable | Dynami");
    await page.getByRole("link", { name: "Retour", exact: true }).click();
    // With JavaScript, back one page (home here); without, the link leads home too.
    await expect(page).toHaveURL(/\/$/);
    if (jsEnabled(testInfo.project.name)) await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("responses carry the security headers, /healthz and /readyz answer", async ({ request }) => {
    const page = await request.get("/");
    const headers = page.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"]!)![1];
    expect(await page.text()).toContain(`nonce="${nonce}"`);

    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", store: "ok" });

    const notFound = await request.get("/nope");
    expect(notFound.status()).toBe(404);
    expect(notFound.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("built assets are cached for a long time", async ({ request, page }) => {
    await page.goto("/");
    const script = await page.locator('link[rel="modulepreload"]').first().getAttribute("href");
    const asset = await request.get(script!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toContain("immutable");
    expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
  });

  test("no script breaks the Content-Security-Policy", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "only meaningful with JavaScript");
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await page.getByRole("button", { name: "Passer en mode sombre" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
