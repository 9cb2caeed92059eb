import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, type Route, test } from "@playwright/test";
import sharp from "sharp";
import { createVerifiedAccount } from "./support/accounts";
import { markDocument } from "./support/same-document";
import { waitForMail } from "./support/server";
import { jsEnabled, logInAs, signedInBrowser } from "./support/session";

// My account (/mon-compte) and the menu's account entries, with JavaScript
// (forms call /api/me in place) and without (forms post to the page). Each
// test makes its own verified account straight in the server's database.

/** Hydration on a two-core machine shared with other test runs can take several seconds. */
const hydration = { timeout: 20_000 };

/** /mon-compte, hydrated when JavaScript runs (the password toggles exist only then). */
async function openMyAccount(page: Page, js: boolean, path = "/mon-compte") {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
  if (js) await expect(page.getByRole("button", { name: "Afficher le mot de passe" }).first()).toBeVisible(hydration);
}

const card = (page: Page, title: string) => page.getByRole("region", { name: title });

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = new Map<string, Catalogue>();

/** A text the app ships, `namespace:path.to.key` from locales/<language>/<namespace>.json, its {{values}} filled in. */
function text(language: string, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, keyPath] = key.split(":") as [string, string];
  const file = resolve(import.meta.dirname, "../../locales", language, `${namespace}.json`);
  let catalogue = catalogues.get(file);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(file, "utf8")) as Catalogue;
    catalogues.set(file, catalogue);
  }
  const found = keyPath
    .split(".")
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === "object" ? node[part] : undefined),
      catalogue,
    );
  if (typeof found !== "string") throw new Error(`${language}: no text at ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** /mon-compte in a language, hydrated (its password toggles exist only then). */
async function openMyAccountIn(page: Page, language: string) {
  await page.goto(`/mon-compte?lng=${language}`);
  await expect(page.getByRole("heading", { level: 1, name: text(language, "my-account:title") })).toBeVisible();
  await expect(page.getByRole("button", { name: text(language, "account:password.show") }).first()).toBeVisible(
    hydration,
  );
}

async function aPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: "#2a9d8f" } })
    .jpeg()
    .toBuffer();
}

/** Fills the dialog's login view and sends it. */
async function logInWithDialog(page: Page, js: boolean, identifier: string, password: string) {
  const dialog = page.getByRole("dialog");
  if (js) await expect(dialog.getByRole("button", { name: "Afficher le mot de passe" })).toBeVisible(hydration);
  await dialog.getByLabel("Email ou pseudo").fill(identifier);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
}

test.describe("the menu's account entries", () => {
  test("a visitor finds 'Se connecter' and 'Créer un compte', a member 'Mon compte', 'Historique' and 'Se déconnecter'", async ({
    page,
    browser,
  }, testInfo) => {
    // Two browsers, a sign-in and five pages: on a busy two-core machine 30 s is too short.
    test.setTimeout(60_000);
    const js = jsEnabled(testInfo.project.name);
    await page.goto("/contact");
    const menu = page.getByRole("navigation", { name: "Navigation principale" });
    await page.getByLabel("Ouvrir le menu").click();
    await expect(menu.getByRole("link", { name: "Se connecter" })).toBeVisible();
    await menu.getByRole("link", { name: "Créer un compte" }).click();
    await expect(page).toHaveURL(/\/contact\?compte=create$/);
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Créer un compte" })).toBeVisible();

    const account = await createVerifiedAccount();
    const member = await signedInBrowser(browser, js, account);
    await member.page.goto("/outils");
    await member.page.getByLabel("Ouvrir le menu").click();
    const memberMenu = member.page.getByRole("navigation", { name: "Navigation principale" });
    await expect(memberMenu.getByRole("link", { name: "Historique" })).toBeVisible();
    await expect(memberMenu.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await memberMenu.getByRole("link", { name: "Mon compte" }).click();
    await expect(member.page).toHaveURL(/\/mon-compte$/);
    await expect(member.page.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    await expect(card(member.page, "Qui tu es")).toContainText(account.pseudo);
    await member.context.close();
  });

  for (const [language, login, register] of [
    ["en", "Log in", "Sign up"],
    ["de", "Anmelden", "Registrieren"],
    ["es", "Iniciar sesión", "Crear una cuenta"],
  ] as const) {
    test(`the entries read '${login}' and '${register}' in ${language}`, async ({ page }) => {
      await page.goto(`/?lng=${language}`);
      await page.locator("summary.icon-button").click();
      const menu = page.locator("nav.burger-panel");
      await expect(menu.getByRole("link", { name: login, exact: true })).toBeVisible();
      await expect(menu.getByRole("link", { name: register, exact: true })).toBeVisible();
    });
  }
});

test.describe("My account", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a visitor gets the login view, then comes back to the page", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    await page.goto("/mon-compte");
    await expect(page).toHaveURL(/\/mon-compte\?compte=login$/);
    await logInWithDialog(page, js, account.pseudo, account.password);
    await expect(page).toHaveURL(/\/mon-compte$/);
    await expect(card(page, "Qui tu es")).toContainText(account.email);
    await expect(card(page, "Qui tu es")).toContainText("Adresse vérifiée");
  });

  test("changing the password: the old one is refused at login, the new one works", async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { context, page } = await signedInBrowser(browser, js, account);
    await openMyAccount(page, js);
    const section = card(page, "Changer le mot de passe");
    await section.getByLabel("Mot de passe actuel").fill(account.password);
    await section.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-mdp-e2e-2");
    await section.getByLabel("Confirmer le nouveau mot de passe").fill("nouveau-mdp-e2e-2");
    const sameDocument = await markDocument(page);
    await section.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(
      card(page, "Changer le mot de passe").getByText(
        "Mot de passe modifié. Tes autres appareils ont été déconnectés.",
      ),
    ).toBeVisible();
    expect(await sameDocument()).toBe(js);
    const mail = await waitForMail(account.email, /mot de passe a été modifié/);
    expect(mail.links.some((link) => link.endsWith("/?compte=forgot"))).toBe(true);
    await context.close();

    const fresh = await browser.newPage({ javaScriptEnabled: js });
    await fresh.goto("/?compte=login");
    await logInWithDialog(fresh, js, account.pseudo, account.password);
    await expect(
      fresh.getByRole("dialog").getByText("E-mail, pseudo ou mot de passe incorrect.").first(),
    ).toBeVisible();
    await fresh.goto("/?compte=login");
    await logInWithDialog(fresh, js, account.pseudo, "nouveau-mdp-e2e-2");
    await expect(fresh.getByRole("dialog").getByRole("heading", { name: "Historique" })).toBeVisible();
    await fresh.close();
  });

  test("a wrong current password is refused on its field and changes nothing", async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { context, page } = await signedInBrowser(browser, js, account);
    await openMyAccount(page, js);
    const section = card(page, "Changer le mot de passe");
    await section.getByLabel("Mot de passe actuel").fill("pas-le-bon-mdp");
    await section.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-mdp-e2e-2");
    await section.getByLabel("Confirmer le nouveau mot de passe").fill("nouveau-mdp-e2e-2");
    await section.getByRole("button", { name: "Changer le mot de passe" }).click();
    const field = card(page, "Changer le mot de passe").getByLabel("Mot de passe actuel");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(card(page, "Changer le mot de passe").getByText("Mot de passe incorrect.")).toBeVisible();
    if (js) await expect(field).toBeFocused();
    await context.close();
  });

  test("the data export downloads as files: JSON with the account, CSV for a spreadsheet", async ({
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { context, page } = await signedInBrowser(browser, js, account);
    await openMyAccount(page, js);
    const data = card(page, "Télécharger mes données");

    const [json] = await Promise.all([
      page.waitForEvent("download"),
      data.getByRole("link", { name: "Toutes mes données (JSON)" }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(new RegExp(`^dynami-${account.pseudo}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const exported = JSON.parse(readFileSync((await json.path())!, "utf8")) as {
      account: { pseudo: string; email: string };
    };
    expect(exported.account).toMatchObject({ pseudo: account.pseudo, email: account.email });
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|tokenHash|scrypt/);

    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      data.getByRole("link", { name: "Mon historique (CSV)" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/-historique\.csv$/);
    expect(readFileSync((await csv.path())!, "utf8")).toMatch(/^\uFEFFDate \(UTC\);Type;Poids \(kg\)/);
    // The page stays where it was.
    await expect(page).toHaveURL(/\/mon-compte$/);
    await context.close();
  });

  test("changing the address: only the link sent to the new one makes it the account's", async ({
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const newEmail = `new-${account.pseudo}@example.test`;
    const { context, page } = await signedInBrowser(browser, js, account);
    await openMyAccount(page, js);
    const section = card(page, "Changer d'adresse e-mail");
    await section.getByLabel("Nouvelle adresse e-mail").fill(newEmail);
    await section.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await section.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(
      card(page, "Changer d'adresse e-mail").getByText(`Un lien de confirmation a été envoyé à ${newEmail}.`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(
      card(page, "Changer d'adresse e-mail").getByText(`En attente de confirmation : ${newEmail}.`, { exact: false }),
    ).toBeVisible();
    await expect(card(page, "Qui tu es")).toContainText(account.email);
    await waitForMail(account.email, /Changement d'adresse/);

    const link = (await waitForMail(newEmail, /nouvelle adresse/)).links.find((href) =>
      href.includes("/mon-compte/email?"),
    )!;
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await page.getByRole("button", { name: "Confirmer ma nouvelle adresse" }).click();
    await expect(page.getByText(`Adresse e-mail modifiée : c'est désormais ${newEmail}.`)).toBeVisible();
    await openMyAccount(page, js);
    await expect(card(page, "Qui tu es")).toContainText(newEmail);
    await context.close();
  });

  test("the newsletter in one click either way", async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { context, page } = await signedInBrowser(browser, js, account);
    await openMyAccount(page, js);
    const section = card(page, "Newsletter");
    await expect(section.getByText("Tu ne reçois pas la newsletter.")).toBeVisible();
    await section.getByRole("button", { name: "M'inscrire" }).click();
    await expect(card(page, "Newsletter").getByText("Tu reçois la newsletter.")).toBeVisible();
    await expect(card(page, "Newsletter").getByText("Tu es inscrit à la newsletter.")).toBeVisible();
    await card(page, "Newsletter").getByRole("button", { name: "Me désinscrire" }).click();
    await expect(card(page, "Newsletter").getByText("Tu ne reçois pas la newsletter.")).toBeVisible();
    await context.close();
  });

  test("logging out everywhere ends this session and the others", async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const elsewhere = await signedInBrowser(browser, js, account);
    const { context, page } = await signedInBrowser(browser, js, account);
    await openMyAccount(page, js);
    await card(page, "Déconnexion partout").getByRole("button", { name: "Se déconnecter partout" }).click();
    await expect(page).toHaveURL(/\/\?compte=login$/);
    await expect(page.getByRole("dialog").getByText("Tu es déconnecté de tous tes appareils.")).toBeVisible();
    await page.goto("/mon-compte");
    await expect(page).toHaveURL(/\/mon-compte\?compte=login$/);
    await elsewhere.page.goto("/mon-compte");
    await expect(elsewhere.page).toHaveURL(/\/mon-compte\?compte=login$/);
    await context.close();
    await elsewhere.context.close();
  });

  test("deleting the account: the farewell page, one last mail, then the login is refused", async ({
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { context, page } = await signedInBrowser(browser, js, account);
    await openMyAccount(page, js);
    const section = card(page, "Supprimer mon compte");
    await section.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await section.getByRole("button", { name: "Supprimer mon compte" }).click();
    await expect(
      card(page, "Supprimer mon compte").getByText("Coche la case pour confirmer la suppression."),
    ).toBeVisible();
    const again = card(page, "Supprimer mon compte");
    if (!js) await again.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await again.getByLabel("Je comprends que la suppression est définitive.").check();
    await again.getByRole("button", { name: "Supprimer mon compte" }).click();
    await expect(page).toHaveURL(/\/mon-compte\/supprime(#contenu)?$/);
    await expect(page.getByRole("heading", { name: "Compte supprimé" })).toBeVisible();
    await waitForMail(account.email, /a été supprimé/);

    await page.goto("/?compte=login");
    await logInWithDialog(page, js, account.pseudo, account.password);
    await expect(page.getByRole("dialog").getByText("E-mail, pseudo ou mot de passe incorrect.").first()).toBeVisible();
    await context.close();
  });

  test("passes axe in the four languages, light and dark", async ({ browser }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "axe runs as a script in the page");
    const account = await createVerifiedAccount();
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ colorScheme, locale: "fr-FR" });
      await logInAs(context, account);
      const page = await context.newPage();
      for (const language of ["fr", "en", "de", "es"]) {
        await page.goto(`/mon-compte?lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
        expect(results.violations, `${language}, ${colorScheme}`).toEqual([]);
      }
      await context.close();
    }
  });
});

test("the privacy policy says where each right is used, and what deletion removes and keeps", async ({ page }) => {
  await page.goto("/privacy-policy");
  const rights = page.getByRole("region", { name: "Tes droits" });
  await expect(
    rights.getByText(/^Accès et portabilité \(articles 15 et 20 du RGPD\)\s:\s«\sTélécharger mes données\s»/),
  ).toBeVisible();
  await expect(
    rights.getByText(
      /^Effacement \(article 17\)\s:\s«\sSupprimer mon compte\s»\sefface aussitôt ton compte, tes sessions de connexion, ton historique, tes séances, tes avis, ta photo, ton inscription à la newsletter/,
    ),
  ).toBeVisible();
  await expect(
    rights.getByText(/^Ce qui reste après la suppression\s:\stes messages envoyés par le formulaire de contact/),
  ).toBeVisible();
  await rights.getByRole("link", { name: "Aller à Mon compte" }).click();
  await expect(page).toHaveURL(/\/mon-compte\?compte=login$/);
});

test.describe("fallback messages when an answer is not the JSON expected", () => {
  const scriptsOnly = (projectName: string) =>
    test.skip(!jsEnabled(projectName), "only scripts read the answers: without them the server answers the page");

  const proxyPage = (status: number) => ({
    status,
    contentType: "text/html",
    body: `<html><body><h1>${status} Bad Gateway</h1></body></html>`,
  });

  test("My account's forms: 'Erreur HTTP {status}', 'Erreur serveur', and 'Erreur de connexion. Réessaie.'", async ({
    browser,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    const account = await createVerifiedAccount();
    const { context, page } = await signedInBrowser(browser, true, account);
    await openMyAccount(page, true);
    const section = card(page, "Changer le mot de passe");
    const fill = async () => {
      await section.getByLabel("Mot de passe actuel").fill(account.password);
      await section.getByLabel("Nouveau mot de passe", { exact: true }).fill("nouveau-mdp-e2e-2");
      await section.getByLabel("Confirmer le nouveau mot de passe").fill("nouveau-mdp-e2e-2");
    };
    await page.route("**/api/me/password", (route) => route.fulfill(proxyPage(502)));
    await fill();
    await section.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(section.getByText("Erreur HTTP 502")).toBeVisible();

    await page.unroute("**/api/me/password");
    await page.route("**/api/me/password", (route) => route.fulfill(proxyPage(500)));
    await fill();
    await section.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(section.getByText("Erreur serveur")).toBeVisible();

    await page.unroute("**/api/me/password");
    await page.route("**/api/me/password", (route) => route.abort("failed"));
    await fill();
    await section.getByRole("button", { name: "Changer le mot de passe" }).click();
    await expect(section.getByRole("alert").getByText("Erreur de connexion. Réessaie.", { exact: true })).toBeVisible();

    await page.unroute("**/api/me/password");
    await page.route("**/api/me/newsletter", (route) => route.abort("failed"));
    const newsletter = card(page, "Newsletter");
    await newsletter.getByRole("button", { name: "M'inscrire" }).click();
    await expect(newsletter.getByText("Erreur de connexion. Réessaie.")).toBeVisible();

    await page.unroute("**/api/me/newsletter");
    await page.route("**/api/me/newsletter", (route) => route.fulfill(proxyPage(502)));
    await newsletter.getByRole("button", { name: "M'inscrire" }).click();
    await expect(newsletter.getByRole("alert").getByText("Erreur HTTP 502", { exact: true })).toBeVisible();
    // Nothing changed behind the messages.
    await expect(newsletter.getByText("Tu ne reçois pas la newsletter.")).toBeVisible();
    await context.close();
  });

  test("changing the address, then cancelling it: 'Erreur HTTP {status}', and 'Erreur de connexion. Réessaie.'", async ({
    browser,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    const account = await createVerifiedAccount();
    const newEmail = `new-${account.pseudo}@example.test`;
    const { context, page } = await signedInBrowser(browser, true, account);
    await openMyAccount(page, true);
    const section = card(page, "Changer d'adresse e-mail");
    const waiting = section.getByText(`En attente de confirmation : ${newEmail}.`, { exact: false });
    const send = async () => {
      await section.getByLabel("Nouvelle adresse e-mail").fill(newEmail);
      await section.getByLabel("Mot de passe", { exact: true }).fill(account.password);
      await section.getByRole("button", { name: "Envoyer le lien" }).click();
    };
    await page.route("**/api/me/email", (route) => route.fulfill(proxyPage(502)));
    await send();
    await expect(section.getByRole("alert").getByText("Erreur HTTP 502", { exact: true })).toBeVisible();
    await expect(waiting).toHaveCount(0);

    // A real request, then its cancel without an answer: the change still waits.
    await page.unroute("**/api/me/email");
    await send();
    await expect(waiting).toBeVisible();
    await page.route("**/api/me/email", (route) =>
      route.request().method() === "DELETE" ? route.abort("failed") : route.continue(),
    );
    await section.getByRole("button", { name: "Annuler le changement" }).click();
    await expect(section.getByRole("alert").getByText("Erreur de connexion. Réessaie.", { exact: true })).toBeVisible();
    await expect(waiting).toBeVisible();
    await context.close();
  });

  test("in Spanish, log out everywhere and deletion: 'Error HTTP {status}', 'Error del servidor', and the network's", async ({
    browser,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    const language = "es";
    const say = (key: string, values?: Record<string, number>) => text(language, `my-account:${key}`, values);
    const account = await createVerifiedAccount({ locale: language });
    const { context, page } = await signedInBrowser(browser, true, account);
    await openMyAccountIn(page, language);

    const sessions = card(page, say("sections.sessions"));
    await page.route("**/api/me/logout-all", (route) => route.fulfill(proxyPage(502)));
    await sessions.getByRole("button", { name: say("sessions.submit") }).click();
    await expect(
      sessions.getByRole("alert").getByText(say("fallback.httpError", { status: 502 }), { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/mon-compte\?lng=es$/);

    const deletion = card(page, say("sections.delete"));
    const remove = async () => {
      await deletion.getByLabel(say("delete.password"), { exact: true }).fill(account.password);
      await deletion.getByLabel(say("delete.confirm")).check();
      await deletion.getByRole("button", { name: say("delete.submit") }).click();
    };
    await page.route("**/api/me", (route) => route.abort("failed"));
    await remove();
    await expect(deletion.getByRole("alert").getByText(say("fallback.network"), { exact: true })).toBeVisible();
    await page.unroute("**/api/me");
    await page.route("**/api/me", (route) => route.fulfill(proxyPage(500)));
    await remove();
    await expect(deletion.getByRole("alert").getByText(say("fallback.serverError"), { exact: true })).toBeVisible();
    // Still there: the page, and the account behind it.
    await expect(page).toHaveURL(/\/mon-compte\?lng=es$/);
    await expect(card(page, say("sections.profile"))).toContainText(account.pseudo);
    await context.close();
  });

  test("the photo card: 'Erreur lors de l'envoi (de la photo)', 'Erreur lors de la suppression (de la photo)'", async ({
    browser,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    test.setTimeout(60_000);
    const account = await createVerifiedAccount();
    const { context, page } = await signedInBrowser(browser, true, account);
    await openMyAccount(page, true);
    const photo = card(page, "Photo de profil");
    const error = (message: string) => photo.getByRole("alert").getByText(message, { exact: true });
    const picture = photo.getByRole("img", { name: "Ta photo de profil" });
    const file = { name: "photo.jpg", mimeType: "image/jpeg", buffer: await aPhoto() };
    const upload = async () => {
      await photo.getByLabel("Choisir une photo").setInputFiles(file);
      await photo.getByRole("button", { name: "Envoyer la photo" }).click();
    };
    const api = "**/api/upload/profile-photo";

    // Sending: no answer, then a proxy's page.
    await page.route(api, (route) => route.abort("failed"));
    await upload();
    await expect(error("Erreur lors de l'envoi de la photo")).toBeVisible();
    await page.unroute(api);
    await page.route(api, (route) => route.fulfill(proxyPage(502)));
    await upload();
    await expect(error("Erreur lors de l'envoi")).toBeVisible();
    await expect(photo.getByText("Pas encore de photo.")).toBeVisible();

    // A real photo, then its deletion (after the spec's question) fails the same two ways.
    await page.unroute(api);
    await upload();
    await expect(picture).toBeVisible();
    page.on("dialog", (dialog) => void dialog.accept());
    await page.route(api, (route) => route.abort("failed"));
    await photo.getByRole("button", { name: "Supprimer la photo" }).click();
    await expect(error("Erreur lors de la suppression de la photo")).toBeVisible();
    await page.unroute(api);
    await page.route(api, (route) => route.fulfill(proxyPage(502)));
    await photo.getByRole("button", { name: "Supprimer la photo" }).click();
    await expect(error("Erreur lors de la suppression")).toBeVisible();
    await expect(picture).toBeVisible();
    await context.close();
  });

  test("the new address's page, in German: 'HTTP-Fehler {status}', 'Serverfehler', and the network's", async ({
    page,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    const language = "de";
    const say = (key: string, values?: Record<string, number>) => text(language, `my-account:${key}`, values);
    await page.goto(`/mon-compte/email?token=abc&lng=${language}`);
    await expect(page.getByRole("heading", { level: 1, name: say("emailConfirm.title") })).toBeVisible();
    await page.waitForFunction(
      () => {
        const form = document.querySelector("main form");
        return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
      },
      null,
      hydration,
    );
    // Every request of the page's data (the action the form calls, and any reload of its loaders) fails alike.
    const pageData = (url: URL) => url.pathname === "/mon-compte/email.data";
    const answers: [(route: Route) => Promise<void>, string][] = [
      [(route) => route.fulfill(proxyPage(502)), say("fallback.httpError", { status: 502 })],
      [(route) => route.fulfill(proxyPage(500)), say("fallback.serverError")],
      [(route) => route.abort("failed"), say("fallback.network")],
    ];
    for (const [answer, message] of answers) {
      await page.route(pageData, answer);
      await page.getByRole("button", { name: say("emailConfirm.submit") }).click();
      await expect(page.getByRole("alert").getByText(message, { exact: true })).toBeVisible();
      await page.unroute(pageData);
    }
  });

  test("login: 'Échec de connexion (HTTP {status})', and without an answer 'Erreur lors de la connexion'", async ({
    page,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    await page.goto("/?compte=login");
    await page.route("**/compte", (route) => route.fulfill(proxyPage(502)));
    await logInWithDialog(page, true, "quelqu-un", "un-mot-de-passe");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("alert").getByText("Échec de connexion (HTTP 502)")).toBeVisible();

    await page.unroute("**/compte");
    await page.route("**/compte", (route) => route.abort("failed"));
    await logInWithDialog(page, true, "quelqu-un", "un-mot-de-passe");
    await expect(dialog.getByRole("alert").getByText("Erreur de connexion. Réessaie.")).toBeVisible();
    await expect(dialog.getByText("Erreur lors de la connexion")).toBeVisible();
  });

  test("login in English: 'Login failed (HTTP {status})', and without an answer 'Error while logging in'", async ({
    page,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    const language = "en";
    const say = (key: string, values?: Record<string, number>) => text(language, `account:${key}`, values);
    await page.goto(`/?compte=login&lng=${language}`);
    const dialog = page.getByRole("dialog");
    const logIn = async () => {
      await expect(dialog.getByRole("button", { name: say("password.show") })).toBeVisible(hydration);
      await dialog.getByLabel(say("login.identifier")).fill("someone");
      await dialog.getByLabel(say("login.password"), { exact: true }).fill("a-password-1");
      await dialog.getByRole("button", { name: say("login.submit"), exact: true }).click();
    };
    await page.route("**/compte", (route) => route.fulfill(proxyPage(502)));
    await logIn();
    await expect(
      dialog.getByRole("alert").getByText(say("messages.loginHttpFailed", { status: 502 }), { exact: true }),
    ).toBeVisible();

    await page.unroute("**/compte");
    await page.route("**/compte", (route) => route.abort("failed"));
    await logIn();
    await expect(dialog.getByRole("alert").getByText(say("messages.connectionFailed"), { exact: true })).toBeVisible();
    await expect(dialog.getByText(say("messages.connectionError"), { exact: true })).toBeVisible();
  });

  test("sign-up in German: 'Serverfehler' for a 500, 'HTTP-Fehler {status}' otherwise", async ({ page }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    test.setTimeout(60_000);
    const language = "de";
    const say = (key: string, values?: Record<string, number>) => text(language, `account:${key}`, values);
    await page.goto(`/?compte=create&lng=${language}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: say("password.show") }).first()).toBeVisible(hydration);
    const privacy = say("signup.privacy").split("<")[0]!;
    const send = async () => {
      await dialog.getByLabel(say("signup.pseudo")).fill("panne-e2e-de");
      await dialog.getByLabel(say("signup.email"), { exact: true }).fill("panne-e2e-de@example.test");
      await dialog.getByLabel(say("signup.password"), { exact: true }).fill("motdepasse-e2e-1");
      await dialog.getByLabel(say("signup.confirmation")).fill("motdepasse-e2e-1");
      await dialog.getByLabel(new RegExp(`^${privacy}`)).check();
      await dialog.getByRole("button", { name: say("signup.submit") }).click();
    };
    const answers: [(route: Route) => Promise<void>, string][] = [
      [(route) => route.fulfill(proxyPage(502)), say("messages.signupHttpFailed", { status: 502 })],
      [(route) => route.fulfill(proxyPage(500)), say("messages.serverError")],
    ];
    for (const [answer, message] of answers) {
      await page.route("**/compte", answer);
      await send();
      await expect(dialog.getByRole("alert").getByText(message, { exact: true })).toBeVisible();
      await page.unroute("**/compte");
    }
  });

  test("sign-up: 'Erreur serveur' for a 500, 'Erreur HTTP {status}' otherwise, the spec's fallback without an answer", async ({
    page,
  }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    test.setTimeout(60_000);
    await page.goto("/?compte=create");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("button", { name: "Afficher le mot de passe" }).first()).toBeVisible(hydration);
    const send = async () => {
      await dialog.getByLabel("Pseudo").fill("panne-e2e");
      await dialog.getByLabel("Email", { exact: true }).fill("panne-e2e@example.test");
      await dialog.getByLabel("Mot de passe", { exact: true }).fill("motdepasse-e2e-1");
      await dialog.getByLabel("Confirmer le mot de passe").fill("motdepasse-e2e-1");
      await dialog.getByLabel(/J'accepte la politique de confidentialité/).check();
      await dialog.getByRole("button", { name: "Créer mon compte" }).click();
    };
    const answers: [(route: Route) => Promise<void>, string][] = [
      [(route) => route.fulfill(proxyPage(500)), "Erreur serveur"],
      [(route) => route.fulfill(proxyPage(503)), "Erreur HTTP 503"],
      [(route) => route.abort("failed"), "Une erreur est survenue. Réessaie."],
    ];
    for (const [answer, message] of answers) {
      await page.route("**/compte", answer);
      await send();
      await expect(dialog.getByRole("alert").getByText(message)).toBeVisible();
      await page.unroute("**/compte");
    }
  });

  test("verification: 'Erreur ({status})' when the server's answer is a proxy's page", async ({ page }, testInfo) => {
    scriptsOnly(testInfo.project.name);
    await page.goto("/contact");
    await page.waitForFunction(() => "__reactRouterDataRouter" in window, null, hydration);
    // The page's own request (a route with a client loader gets one); the layout's goes through.
    await page.route(
      (url) => url.pathname === "/verify-email.data" && url.searchParams.get("_routes") === "routes/verify-email",
      (route) => route.fulfill(proxyPage(502)),
    );
    // A navigation inside the app (the router's own), as a link to the page would make.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate("/verify-email?token=abc"),
    );
    await expect(page.getByText("Erreur (502)")).toBeVisible();
  });

  for (const language of ["fr", "es"]) {
    test(`verification without an answer, in ${language}: the page's failure message`, async ({ page }, testInfo) => {
      scriptsOnly(testInfo.project.name);
      await page.goto(`/contact?lng=${language}`);
      await page.waitForFunction(() => "__reactRouterDataRouter" in window, null, hydration);
      await page.route(
        (url) => url.pathname === "/verify-email.data" && url.searchParams.get("_routes") === "routes/verify-email",
        (route) => route.abort("failed"),
      );
      await page.evaluate(() =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
        ).__reactRouterDataRouter.navigate("/verify-email?token=abc"),
      );
      await expect(page).toHaveURL(/\/verify-email\?token=abc$/);
      await expect(
        page.getByRole("alert").getByText(text(language, "account:messages.verifyFailed"), { exact: true }),
      ).toBeVisible();
    });
  }
});
