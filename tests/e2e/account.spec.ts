import { type Page, expect, test } from "@playwright/test";
import { createVerifiedAccount } from "./support/accounts";
import { markDocument } from "./support/same-document";
import { waitForMail } from "./support/server";
import { jsEnabled } from "./support/session";

// The account dialog (?compte=...), e-mail verification and password reset,
// with JavaScript (minimum display times apply) and without.
//
// Register, forgot and resend share one budget of 10 mail requests per client
// address per 15 minutes, and every test runs from 127.0.0.1: each test here
// sends at most two, and the resend button is only checked, not clicked.

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const uniqueEmail = () => `user-${uniqueSuffix()}@example.test`;
const uniquePseudo = () => `u-${uniqueSuffix()}`;

const dialogOf = (page: Page) => page.getByRole("dialog");

/** Path and query of a mailed link, to open it on the test server whatever host the mail names. */
function pathOfLink(links: string[], page: "verify-email" | "reset-password"): string {
  const link = links.find((candidate) => candidate.includes(`/${page}?`));
  if (!link) throw new Error(`No /${page} link in ${links.join(", ")}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** With JavaScript, wait until the dialog is hydrated (the password toggles only exist then). */
async function dialogReady(page: Page, js: boolean) {
  if (js) await expect(dialogOf(page).getByRole("button", { name: "Afficher le mot de passe" }).first()).toBeVisible();
}

async function signUp(page: Page, js: boolean, account: { pseudo: string; email: string; password: string }) {
  await page.goto("/?compte=create");
  await dialogReady(page, js);
  const dialog = dialogOf(page);
  await dialog.getByLabel("Pseudo").fill(account.pseudo);
  await dialog.getByLabel("Email", { exact: true }).fill(account.email);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await dialog.getByLabel("Confirmer le mot de passe").fill(account.password);
  await dialog.getByLabel(/J'accepte la politique de confidentialité/).check();
  const sameDocument = await markDocument(page);
  await dialog.getByRole("button", { name: "Créer mon compte" }).click();
  if (js) {
    await expect(dialog.getByText("Création du compte en cours…")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Annuler" })).toBeVisible();
  }
  await expect(dialog.getByRole("heading", { name: "Compte créé" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Se connecter" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Fermer", exact: true })).toBeVisible();
  // With JavaScript the dialog answered in place; without, the post loaded the page again.
  expect(await sameDocument()).toBe(js);
}

async function verifyByMail(page: Page, email: string) {
  const mail = await waitForMail(email, /Confirme/);
  await page.goto(pathOfLink(mail.links, "verify-email"));
  await expect(page.getByText("Adresse e-mail vérifiée. Tu peux maintenant te connecter.")).toBeVisible();
}

/** Fills and sends the login view (opening it first unless it is already there). */
async function logIn(page: Page, js: boolean, identifier: string, password: string, options: { open?: boolean } = {}) {
  if (options.open !== false) await page.goto("/?compte=login");
  await dialogReady(page, js);
  const dialog = dialogOf(page);
  await dialog.getByLabel("Email ou pseudo").fill(identifier);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
}

test.describe("account dialog", () => {
  // These flows chain several pages with the spec's minimum display times
  // (sign-up 2.5 s, login 1.5 s): on a busy two-core machine 30 s is too short.
  test.describe.configure({ timeout: 90_000 });

  test("sign up, refused until verified, verify by mail, log in with the pseudo, log out", async ({
    page,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = { pseudo: uniquePseudo(), email: uniqueEmail(), password: "motdepasse-e2e-1" };
    await signUp(page, js, account);

    await logIn(page, js, account.pseudo, account.password);
    const dialog = dialogOf(page);
    await expect(dialog.getByText(/^Ton adresse e-mail n'est pas encore vérifiée\./).first()).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Renvoyer le lien" })).toBeVisible();

    await verifyByMail(page, account.email);
    await page.locator("#contenu").getByRole("link", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/\?compte=login$/);

    await dialogReady(page, js);
    const sameDocument = await markDocument(page);
    await logIn(page, js, `  ${account.pseudo}`, account.password, { open: false });
    if (js) await expect(dialog.getByRole("button", { name: "Connexion en cours…" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Historique" })).toBeVisible();
    await expect(dialog.getByText(`Salut ${account.pseudo}`)).toBeVisible();
    await expect(page).toHaveURL(/\/\?compte=history$/);
    // With JavaScript the login answered in place and the history view replaced it; without, pages loaded.
    expect(await sameDocument()).toBe(js);
    await expect(dialog.getByText("Connexion réussie !").first()).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Administration" })).toHaveCount(0);
    if (js) {
      const stored = await page.evaluate(() => ({
        session: sessionStorage.getItem("token"),
        local: localStorage.getItem("token"),
        user: JSON.parse(localStorage.getItem("user") ?? "null") as { pseudo?: string } | null,
        userId: localStorage.getItem("userId"),
      }));
      // 'Se souvenir de moi' was not ticked: the token lives in session storage only.
      expect(stored.session).toBeTruthy();
      expect(stored.local).toBeNull();
      expect(stored.user?.pseudo).toBe(account.pseudo);
      expect(stored.userId).toBeTruthy();
    }

    await dialog.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Se connecter", exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("link", { name: "Se connecter", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Se déconnecter", exact: true })).toHaveCount(0);
    if (js) {
      expect(
        await page.evaluate(() => [
          sessionStorage.getItem("token"),
          localStorage.getItem("user"),
          localStorage.getItem("userId"),
        ]),
      ).toEqual([null, null, null]);
    }
  });

  test("forgot password, reset by mail: the new password works, the old one and older sessions do not", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const js = jsEnabled(testInfo.project.name);
    const account = { pseudo: uniquePseudo(), email: uniqueEmail(), password: "ancien-mdp-2026" };
    const newPassword = "nouveau-mdp-2026";
    await signUp(page, js, account);
    await verifyByMail(page, account.email);

    // A session opened before the reset, in another browser.
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    await logIn(otherPage, js, account.email, account.password);
    await expect(dialogOf(otherPage).getByText(`Salut ${account.pseudo}`)).toBeVisible();

    await page.goto("/?compte=login");
    await page.getByRole("dialog").getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page).toHaveURL(/\/\?compte=forgot$/);
    const dialog = dialogOf(page);
    const send = dialog.getByRole("button", { name: "Envoyer le lien" });
    if (js) await expect(send).toBeDisabled();
    await dialog.getByLabel("Adresse e-mail").fill(account.email.toUpperCase());
    const sameDocument = await markDocument(page);
    await send.click();
    if (js) await expect(dialog.getByText("Envoi du lien en cours…")).toBeVisible();
    await expect(
      dialog.getByText(`Si un compte existe pour ${account.email}, un lien de réinitialisation a été envoyé.`).first(),
    ).toBeVisible();
    expect(await sameDocument()).toBe(js);
    await expect(dialog.getByRole("link", { name: "Retour à la connexion" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Fermer", exact: true })).toBeVisible();

    const mail = await waitForMail(account.email, /Réinitialise/);
    await page.goto(pathOfLink(mail.links, "reset-password"));
    await page.getByLabel("Nouveau mot de passe").fill(newPassword);
    await page.getByLabel("Confirmer le mot de passe").fill(newPassword);
    await page.getByRole("button", { name: "Modifier le mot de passe" }).click();
    if (js) {
      await expect(page.getByRole("button", { name: "Modification en cours…" })).toBeVisible();
      await expect(page.getByText("Mot de passe modifié. Redirection…")).toBeVisible({ timeout: 10_000 });
      await expect(page).toHaveURL(/\/$/);
    } else {
      await expect(page.getByText("Mot de passe modifié. Redirection…")).toBeVisible();
      await page.getByRole("link", { name: "Retour à l'accueil", exact: true }).click();
    }

    await logIn(page, js, account.pseudo, account.password);
    await expect(dialogOf(page).getByText("E-mail, pseudo ou mot de passe incorrect.").first()).toBeVisible();
    await logIn(page, js, account.email, newPassword, { open: false });
    await expect(dialogOf(page).getByText(`Salut ${account.pseudo}`)).toBeVisible();

    await otherPage.reload();
    await expect(dialogOf(otherPage).getByText("Non connecté. Connecte-toi d'abord.")).toBeVisible();
    await expect(otherPage.getByRole("dialog").getByRole("link", { name: "Se connecter" })).toBeVisible();
    await otherPage.goto("/");
    await expect(otherPage.getByRole("link", { name: "Se connecter", exact: true })).toBeVisible();
    await elsewhere.close();
  });

  test("after a wrong password the identifier stays as typed, the password is emptied and takes the focus", async ({
    page,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const account = await createVerifiedAccount();
    await logIn(page, js, account.email, "pas-le-bon-mot-de-passe");
    const dialog = dialogOf(page);
    await expect(dialog.getByText("E-mail, pseudo ou mot de passe incorrect.").first()).toBeVisible();
    await expect(dialog.getByLabel("Email ou pseudo")).toHaveValue(account.email);
    await expect(dialog.getByLabel("Mot de passe", { exact: true })).toHaveValue("");
    await expect(dialog.getByLabel("Mot de passe", { exact: true })).toBeFocused();
    // The right password is all that is left to type.
    await dialog.getByLabel("Mot de passe", { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: "Se connecter" }).click();
    await expect(dialogOf(page).getByText(`Salut ${account.pseudo}`)).toBeVisible();
  });

  test("the sign-up messages come one at a time, in the spec's order", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const messages = [
      "Pseudo requis.",
      "Email requis.",
      "Email invalide.",
      "Mot de passe requis.",
      "8 caractères minimum.",
      "Les mots de passe ne correspondent pas.",
      "Merci d'accepter la politique de confidentialité.",
    ];
    await page.goto("/?compte=create");
    await dialogReady(page, js);
    const dialog = dialogOf(page);
    const submit = dialog.getByRole("button", { name: "Créer mon compte" });
    const field = {
      pseudo: () => dialog.getByLabel("Pseudo"),
      email: () => dialog.getByLabel("Email", { exact: true }),
      password: () => dialog.getByLabel("Mot de passe", { exact: true }),
      confirmation: () => dialog.getByLabel("Confirmer le mot de passe"),
    };

    /** Without JavaScript the server answers each try; with it the message shows as the form is filled. */
    async function expectOnly(message: string) {
      if (!js) await submit.click();
      await expect(dialog.getByText(message)).toBeVisible();
      for (const other of messages.filter((candidate) => candidate !== message))
        await expect(dialog.getByText(other)).toHaveCount(0);
      if (js) await expect(submit).toBeDisabled();
    }

    // Passwords never come back from the server, so each try fills them again.
    if (js) {
      await field.pseudo().focus();
      await field.pseudo().blur();
    }
    await expectOnly("Pseudo requis.");
    await field.pseudo().fill(uniquePseudo());
    await expectOnly("Email requis.");
    await field.email().fill("pas-un-email");
    await expectOnly("Email invalide.");
    await field.email().fill(uniqueEmail());
    await expectOnly("Mot de passe requis.");
    await field.password().fill("court");
    await expectOnly("8 caractères minimum.");
    await field.password().fill("motdepasse-123");
    await field.confirmation().fill("motdepasse-321");
    await expectOnly("Les mots de passe ne correspondent pas.");
    if (!js) await field.password().fill("motdepasse-123");
    await field.confirmation().fill("motdepasse-123");
    await expectOnly("Merci d'accepter la politique de confidentialité.");

    // The demo account's pseudo is taken: the server says so.
    await field.pseudo().fill("demo");
    if (!js) {
      await field.password().fill("motdepasse-123");
      await field.confirmation().fill("motdepasse-123");
    }
    await dialog.getByLabel(/J'accepte la politique de confidentialité/).check();
    if (js) await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByText("Ce pseudo est déjà pris.").first()).toBeVisible();
  });

  test("opens on any page from the address, and closing drops only ?compte", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" || /Content Security Policy|Refused to|hydrat/i.test(message.text()))
        problems.push(message.text());
    });
    await page.goto("/contact?sujet=Bonjour&compte=login");
    const dialog = dialogOf(page);
    await expect(dialog.getByRole("heading", { name: "Connecte-toi" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Créer un compte" })).toBeVisible();
    await expect(dialog.getByLabel("Se souvenir de moi")).not.toBeChecked();
    await dialog.getByRole("link", { name: "Fermer la fenêtre" }).click();
    await expect(page).toHaveURL(/\/contact\?sujet=Bonjour$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Se connecter", exact: true }).click();
    await expect(page).toHaveURL(/\/contact\?sujet=Bonjour&compte=login$/);
    await expect(dialogOf(page)).toBeVisible();
    if (js) {
      await dialogReady(page, js);
      const login = dialog.getByRole("button", { name: "Se connecter" });
      await expect(login).toBeDisabled();
      await dialog.getByLabel("Email ou pseudo").fill("quelquun");
      await expect(login).toBeDisabled();
      const password = dialog.getByLabel("Mot de passe", { exact: true });
      await password.fill("secret-123");
      await expect(login).toBeEnabled();
      const toggle = dialog.getByRole("button", { name: "Afficher le mot de passe" });
      await expect(toggle).toHaveAttribute("aria-pressed", "false");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      await expect(password).toHaveAttribute("type", "text");
      // The page behind does not scroll while the dialog is open.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/contact\?sujet=Bonjour$/);
      // Focus goes back to the opener, and the page scrolls again.
      await expect(page.getByRole("link", { name: "Se connecter", exact: true })).toBeFocused();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    }

    await page.goto("/?compte=history");
    await expect(dialogOf(page).getByText("Non connecté. Connecte-toi d'abord.")).toBeVisible();
    await dialogOf(page).getByRole("link", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/\?compte=login$/);
    await expect(dialogOf(page).getByRole("heading", { name: "Connecte-toi" })).toBeVisible();
    // The new view takes the focus in its first field (without JavaScript, the page's autofocus does).
    await expect(dialogOf(page).getByLabel("Email ou pseudo")).toBeFocused();
    expect(problems).toEqual([]);
  });

  test("what is typed before the scripts arrive is kept", async ({ page }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "only meaningful with JavaScript");
    // Hold the scripts back until the form is filled, so hydration comes after.
    let releaseScripts: () => void = () => {};
    const scriptsReleased = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto("/?compte=create", { waitUntil: "domcontentloaded" });
    const dialog = dialogOf(page);
    await dialog.getByLabel("Pseudo").fill("avant-hydratation");
    await dialog.getByLabel(/J'accepte la politique de confidentialité/).check();
    releaseScripts();
    await dialogReady(page, true);
    await expect(dialog.getByLabel("Pseudo")).toHaveValue("avant-hydratation");
    await expect(dialog.getByLabel(/J'accepte la politique de confidentialité/)).toBeChecked();
    // The state has it too: the first failing rule is now the e-mail.
    await dialog.getByLabel("Email", { exact: true }).focus();
    await dialog.getByLabel("Email", { exact: true }).blur();
    await expect(dialog.getByText("Email requis.")).toBeVisible();
  });

  test("an empty login and a missing verification token get the spec's messages", async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    if (!js) {
      await page.goto("/?compte=login");
      await dialogOf(page).getByRole("button", { name: "Se connecter" }).click();
      await expect(dialogOf(page).getByText("E-mail ou pseudo et mot de passe requis.")).toBeVisible();
    }
    const verify = await page.goto("/verify-email");
    expect(verify?.status()).toBe(400);
    await expect(page.getByText("Aucun jeton de vérification fourni.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à l'accueil", exact: true })).toHaveAttribute("href", "/");

    await page.goto("/reset-password");
    await expect(page.getByText("Lien invalide ou expiré.")).toBeVisible();
    await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
    await expect(page).toHaveURL(/\/\?compte=forgot$/);

    const json = await page.request.get("/verify-email?token=nimportequoi", {
      headers: { Accept: "application/json" },
    });
    expect(json.status()).toBe(400);
    expect(await json.json()).toEqual({ message: "Échec de la vérification. Lien invalide ou expiré." });
  });
});
