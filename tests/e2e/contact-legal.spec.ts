import { expect, type Page, test } from "@playwright/test";
import { markDocument } from "./support/same-document";
import { waitForMail } from "./support/server";
import { waitForHydration } from "./support/hydration";
import { jsEnabled } from "./support/session";

// Runs in both projects: "js" (enhanced) and "no-js" (plain HTML forms).
/** The e2e server keeps the default inbox (CONTACT_TO unset). */
const inbox = "contact@dynami.local";

/** Pages that are not about consent start with a choice made, so the banner stays out of the way. */
async function withConsentChosen(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL ?? "http://127.0.0.1" }]);
}

async function cookieValue(page: Page, name: string) {
  return (await page.context().cookies()).find((cookie) => cookie.name === name)?.value;
}

test.describe("contact page", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await withConsentChosen(page, baseURL);
  });

  test("the FAQ entries open and close", async ({ page }) => {
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Contact | Dynami");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Une question ? On te répond.");
    const faq = page.getByRole("region", { name: "Questions fréquentes" });
    await expect(faq.locator("details")).toHaveCount(7);

    const question = faq.getByText("Qu'est-ce que l'IMC, et quelles sont ses limites ?");
    const answer = faq.getByText(/ne fait pas la différence entre muscle et graisse/);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();
    await question.click();
    await expect(answer).toBeHidden();
  });

  test("each field's message appears when it is wrong", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("#contact-form");
    await form.getByRole("button", { name: "Envoyer" }).click();
    for (const message of [
      "Ton nom est requis.",
      "Ton e-mail est requis.",
      "Un sujet est requis.",
      "Ton message est vide.",
      "Merci d'accepter la politique de confidentialité.",
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    // Announced with its field: aria-invalid and aria-describedby pointing at the message.
    const name = form.getByLabel("Ton nom");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    const describedBy = await name.getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy}`)).toHaveText("Ton nom est requis.");

    await form.getByLabel("Ton nom").fill("Camille");
    await form.getByLabel("Ton e-mail").fill("pas-un-email");
    await form.getByRole("button", { name: "Envoyer" }).click();
    await expect(form.getByText("Email invalide.", { exact: true })).toBeVisible();
    await expect(form.getByText("Ton nom est requis.")).toHaveCount(0);
    // What was typed is still there (without JavaScript the server sends it back).
    await expect(form.getByLabel("Ton nom")).toHaveValue("Camille");
  });

  test("a valid message shows 'Message envoyé ✔', clears the form and reaches the inbox", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const js = jsEnabled(testInfo.project.name);
    const subject = `Test e2e ${testInfo.project.name} ${Date.now()}`;
    await page.goto("/contact");
    const form = page.locator("#contact-form");
    if (js) {
      // Leaving an empty field validates it at once: proof the form is hydrated
      // (retried, since a blur before hydration has no handler yet).
      await expect(async () => {
        await form.getByLabel("Ton nom").focus();
        await form.getByLabel("Ton e-mail").focus();
        await expect(form.getByText("Ton nom est requis.", { exact: true })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    }
    await form.getByLabel("Ton nom").fill("Camille Martin");
    await form.getByLabel("Ton e-mail").fill("camille@example.fr");
    await form.getByLabel("Sujet").fill(subject);
    await form.getByLabel("Ton message").fill("Bonjour !\nJ'adore les calculateurs.");
    await form.getByRole("checkbox").check();

    const sameDocument = await markDocument(page);
    const startedAt = Date.now();
    await form.getByRole("button", { name: "Envoyer" }).click();
    if (js) await expect(form.getByRole("button", { name: "Envoi en cours…" })).toBeDisabled();

    const success = form.getByRole("status");
    await expect(success).toHaveText("Message envoyé ✔", { timeout: 15_000 });
    // The spec's minimum: the sending state lasts at least 6 s with JavaScript.
    if (js) expect(Date.now() - startedAt).toBeGreaterThanOrEqual(6000);
    for (const label of ["Ton nom", "Ton e-mail", "Sujet", "Ton message"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    await expect(form.getByRole("checkbox")).not.toBeChecked();
    // With JavaScript the answer came without a page load; without, the page's post loaded it.
    expect(await sameDocument()).toBe(js);
    // Shown 2.2 s, then the form is idle again (JavaScript only: without it the page just stays).
    if (js) {
      await expect(success).toBeEmpty({ timeout: 5_000 });
      await expect(form.getByRole("button", { name: "Envoyer" })).toBeEnabled();
    }

    const mail = await waitForMail(inbox, new RegExp(subject));
    expect(mail.subject).toBe(`[Dynami] Contact : ${subject}`);
    expect(mail.text).toContain("Camille Martin <camille@example.fr>");
    expect(mail.text).toContain("J'adore les calculateurs.");
  });

  test("with JavaScript, a message that never reaches the server says so and keeps what was typed", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "without JavaScript the browser shows its own network error");
    test.setTimeout(60_000);
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.locator("#contact-form");
    await form.getByLabel("Ton nom").fill("Camille Martin");
    await form.getByLabel("Ton e-mail").fill("camille@example.fr");
    await form.getByLabel("Sujet").fill("Hors ligne");
    await form.getByLabel("Ton message").fill("Un message qui ne partira pas.");
    await form.getByRole("checkbox").check();
    // The network goes down: the post fails, and so would any reload of the page's data.
    await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
    await form.getByRole("button", { name: "Envoyer" }).click();

    await expect(form.getByText("Une erreur est survenue. Réessaie.")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "Une erreur est survenue", exact: true })).toHaveCount(0);
    await expect(form.getByLabel("Ton message")).toHaveValue("Un message qui ne partira pas.");
    await expect(form.getByRole("button", { name: "Envoyer" })).toBeEnabled();
  });

  test("POST /api/contact answers the documented JSON", async ({ request }) => {
    const invalid = await request.post("/api/contact", {
      data: { nom: "Jo", email: { $gt: "" }, sujet: "s", message: "m", consent: true, captchaToken: null },
    });
    expect(invalid.status()).toBe(400);
    expect(await invalid.json()).toEqual({ message: "Ton e-mail est requis." });
    const broken = await request.post("/api/contact", {
      data: "{pas du json",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status()).toBe(400);
  });
});

test.describe("legal pages", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await withConsentChosen(page, baseURL);
  });

  for (const { path, title } of [
    { path: "/mentions-legales", title: "Mentions légales" },
    { path: "/cookies", title: "Politique de cookies" },
    { path: "/privacy-policy", title: "Politique de confidentialité" },
  ]) {
    test(`${path} renders with its title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${title} | Dynami`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByRole("navigation", { name: "Sur cette page" }).getByRole("link").first()).toBeVisible();
    });
  }

  test("the pages speak the other languages", async ({ page }) => {
    await page.goto("/cookies?lng=en");
    await expect(page).toHaveTitle("Cookie policy | Dynami");
    await page.goto("/privacy-policy?lng=de");
    await expect(page).toHaveTitle("Datenschutzerklärung | Dynami");
    await page.goto("/mentions-legales?lng=es");
    await expect(page).toHaveTitle("Aviso legal | Dynami");
  });

  test("the cookie policy lists what the app really stores", async ({ page }) => {
    await page.goto("/cookies");
    for (const name of [
      "lng",
      "theme",
      "__Host-dynami_session",
      "cookie_consent",
      "token",
      "darkMode",
      "language",
      "userPoids",
      "userTaille",
      "userId",
      "user",
      "dynamiSelected",
      "formSelectedExercises",
    ]) {
      await expect(page.getByRole("rowheader", { name, exact: true })).toBeVisible();
    }
  });

  test("the privacy policy says how to get data removed", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByText(/contact@dynami\.local/).first()).toBeVisible();
    await page.getByRole("link", { name: "Écrire via le formulaire" }).click();
    await expect(page).toHaveURL(/\/contact\?sujet=/);
    await expect(page.getByLabel("Sujet")).toHaveValue("Suppression de mes données");
  });

  test("/mentions-legales opens the privacy and cookie policies in new tabs", async ({ page }) => {
    await page.goto("/mentions-legales");
    const main = page.getByRole("main");
    for (const [name, path] of [
      [/Politique de confidentialité/, "/privacy-policy"],
      [/Politique de cookies/, "/cookies"],
    ] as const) {
      const link = main.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAccessibleName(/nouvel onglet/);
      const [popup] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe(path);
      await popup.close();
    }
  });

  test("/not-found is the friendly 'recipes coming soon' page, not an error", async ({ page }) => {
    const response = await page.goto("/not-found");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Recettes à venir | Dynami");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Les recettes adaptées arrivent bientôt");
    await expect(page.getByRole("link", { name: "Retour aux outils" })).toHaveAttribute("href", "/outils");
  });
});

test("no script error, CSP violation or hydration mismatch on these pages", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo.project.name), "only meaningful with JavaScript");
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy|Refused to|hydrat/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  for (const path of [
    "/contact",
    "/cookies?consentement=ouvert",
    "/mentions-legales",
    "/privacy-policy",
    "/not-found",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(problems).toEqual([]);
});

test.describe("cookie consent", () => {
  test("the first-visit banner stores the choice and goes away", async ({ page }, testInfo) => {
    await page.goto("/contact?sujet=Bonjour");
    const banner = page.getByRole("region", { name: "Cookies : juste le nécessaire" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Aucune publicité, aucune statistique.");
    await banner.getByRole("button", { name: "Accepter les préférences" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact\?sujet=Bonjour$/);
    expect(await cookieValue(page, "cookie_consent")).toBe("preferences");
    if (jsEnabled(testInfo.project.name)) {
      // With consent, the language is kept in local storage too.
      await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("fr");
    }
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Cookies : juste le nécessaire" })).toHaveCount(0);
  });

  test("the cookies page opens the consent panel and stores 'necessary only'", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    await page.goto("/cookies");
    if (js) {
      await waitForHydration(page);
      // A previous preference in local storage must go once the visitor says "necessary only".
      await page.evaluate(() => localStorage.setItem("userPoids", "72"));
    }
    await expect(page.getByText("Tu n'as pas encore fait de choix")).toBeVisible();
    await page.getByRole("button", { name: "Gérer mes cookies" }).click();
    const panel = page.getByRole("region", { name: "Tes préférences de cookies" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("il n'y a rien d'autre à accepter");
    // The small banner gives way to the full panel.
    await expect(page.getByRole("region", { name: "Cookies : juste le nécessaire" })).toHaveCount(0);
    if (js) await expect(panel.getByRole("heading", { name: "Tes préférences de cookies" })).toBeFocused();

    await panel.getByRole("button", { name: "Nécessaires uniquement" }).click();
    await expect(page.getByText("Ton choix actuel : nécessaires uniquement.")).toBeVisible();
    await expect(panel).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe("/cookies");
    expect(await cookieValue(page, "cookie_consent")).toBe("necessary");
    if (js) await expect.poll(() => page.evaluate(() => localStorage.getItem("userPoids"))).toBeNull();
  });
});
