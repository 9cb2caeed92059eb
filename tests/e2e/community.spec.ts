import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { demoAdmin, demoUser, waitForMail } from "./support/server";
import { jsEnabled, logInAs, signedInBrowser } from "./support/session";

// Reviews, the newsletter and the admin area, with JavaScript (dialog,
// fetchers, live preview, 3 s and 5 s timers) and without (forms posting to
// their pages). Both projects share the demo accounts: each test marks what
// it writes with its own text.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** With JavaScript, wait until the home page is hydrated (the carousel's pause button exists only then). */
async function homeReady(page: Page, js: boolean) {
  await page.goto("/");
  if (js) await expect(page.getByRole("button", { name: "Mettre en pause le défilement" })).toBeVisible();
}

test.describe("reviews", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a user leaves a review, the admin approves it in /admin, it is public, then deletes it", async ({
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const comment = `Avis de test ${unique()} : les calculateurs sont clairs et rapides.`;
    const user = await signedInBrowser(browser, js, demoUser);
    const page = user.page;

    await homeReady(page, js);
    const reviews = page.locator("#avis");
    await reviews.getByRole("link", { name: "Laisser un avis", exact: true }).click();
    const form = js ? page.getByRole("dialog", { name: "Laisser un avis" }) : page.locator("main");
    if (!js) await expect(page).toHaveURL(/\/avis\/nouveau$/);
    await expect(form.getByLabel("Nom")).toHaveValue("Camille");
    await expect(form.getByLabel("Nom")).toHaveAttribute("readonly", "");
    // The draft starts at 5 stars.
    await expect(form.getByRole("radio", { name: "5 étoiles" })).toBeChecked();
    if (js) {
      // Stars by keyboard: from the checked one, the left arrow picks 4.
      await form.getByRole("radio", { name: "5 étoiles" }).focus();
      await page.keyboard.press("ArrowLeft");
    } else {
      await form.getByRole("radio", { name: "4 étoiles" }).check();
    }
    await expect(form.getByRole("radio", { name: "4 étoiles" })).toBeChecked();

    if (js) {
      // The rules are checked before sending, and the counter follows the text.
      await form.getByLabel("Ton avis").fill("Trop court");
      await expect(form.getByText("10 / 500 caractères")).toBeVisible();
      await form.getByLabel("Ton avis").fill("Court");
      await form.getByRole("button", { name: "Envoyer mon avis" }).click();
      await expect(form.getByText("Ton avis doit faire au moins 10 caractères.")).toBeVisible();
    }
    await form.getByLabel("Ton avis").fill(comment);
    await form.getByRole("button", { name: "Envoyer mon avis" }).click();
    await expect(page.getByText("Avis soumis avec succès ! Il sera publié après modération.")).toBeVisible();
    if (js) {
      // The dialog closes 3 s after the notice.
      await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 6_000 });
    }

    // Not public before moderation.
    await page.goto("/");
    await expect(page.locator("#avis").getByText(comment)).toHaveCount(0);

    const admin = await signedInBrowser(browser, js, demoAdmin);
    await admin.page.goto("/admin");
    await expect(admin.page.getByRole("heading", { name: "Administration", level: 1 })).toBeVisible();
    await expect(admin.page.getByRole("link", { name: "Gestion des avis" })).toHaveAttribute("aria-current", "page");
    const card = admin.page.getByRole("listitem").filter({ hasText: comment });
    await expect(card.getByText("En attente")).toBeVisible();
    await card.getByRole("button", { name: "Approuver l'avis de Camille" }).click();
    await expect(admin.page.getByText("Avis approuvé !")).toBeVisible();
    await expect(card.getByText("Approuvé", { exact: true })).toBeVisible();
    if (js) await expect(admin.page.getByText("Avis approuvé !")).toBeHidden({ timeout: 6_000 });

    await page.goto("/");
    const published = page.locator("#avis").getByRole("listitem").filter({ hasText: comment });
    await expect(published).toBeVisible();
    await expect(published.getByText("4 étoiles sur 5")).toBeAttached();
    await expect(published.getByText(/^Publié le \d{1,2} \S+ \d{4}$/)).toBeVisible();

    // Deleting asks first.
    await card.getByRole("link", { name: "Supprimer l'avis de Camille" }).click();
    const confirm = js ? admin.page.getByRole("dialog", { name: "Supprimer cet avis ?" }) : admin.page.locator("main");
    await expect(confirm.getByText("L'avis de Camille sera supprimé définitivement.")).toBeVisible();
    await confirm.getByRole("button", { name: "Oui, supprimer l'avis" }).click();
    await expect(admin.page.getByText("Avis supprimé !")).toBeVisible();
    await expect(admin.page.getByRole("listitem").filter({ hasText: comment })).toHaveCount(0);

    await page.goto("/");
    await expect(page.locator("#avis").getByText(comment)).toHaveCount(0);
    await user.context.close();
    await admin.context.close();
  });

  test("a visitor is invited to log in; the review page says why", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#avis").getByRole("link", { name: "Laisser un avis", exact: true })).toHaveCount(0);
    await expect(page.locator("#avis").getByRole("link", { name: "Connecte-toi pour laisser un avis" })).toBeVisible();
    await page.goto("/avis/nouveau");
    await expect(
      page.getByText("Connecte-toi pour laisser un avis : seuls les membres peuvent en publier."),
    ).toBeVisible();
    await expect(page.locator("#contenu").getByRole("link", { name: "Se connecter" })).toHaveAttribute(
      "href",
      "/avis/nouveau?compte=login",
    );
  });
});

test.describe("newsletter", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a visitor subscribes, confirms by mail, gets a scheduled newsletter and unsubscribes in one click", async ({
    page,
    browser,
  }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const email = `reader-${unique()}@example.test`;
    await homeReady(page, js);
    const block = page.locator("#newsletter");
    await expect(block.getByText("Newsletter", { exact: true })).toBeVisible();
    await expect(block.getByRole("listitem")).toHaveCount(3);

    await block.getByLabel("Ton adresse e-mail").fill("sans-arobase");
    await block.getByRole("button", { name: "Je m'inscris" }).click();
    await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();

    await page.locator("#newsletter").getByLabel("Ton adresse e-mail").fill(email);
    await page.locator("#newsletter").getByRole("button", { name: "Je m'inscris" }).click();
    const success = page.getByText("Merci ! Vérifie ta boîte mail pour confirmer ton inscription.");
    await expect(success).toBeVisible();
    if (js) {
      await expect(page).toHaveURL(/\/$/);
      await expect(block.getByLabel("Ton adresse e-mail")).toHaveValue("");
      // Back to idle after 5 s.
      await expect(success).toBeHidden({ timeout: 8_000 });
    } else {
      await expect(page).toHaveURL(/\/newsletter$/);
    }

    const confirmation = await waitForMail(email, /Confirme ton inscription/);
    const confirmLink = new URL(confirmation.links.find((link) => link.includes("/newsletter/confirmer?"))!);
    await page.goto(confirmLink.pathname + confirmLink.search);
    await expect(page.getByText("Inscription confirmée ! Tu recevras nos prochaines newsletters.")).toBeVisible();

    // The admin schedules a newsletter a few seconds ahead.
    const subject = `Newsletter e2e ${unique()}`;
    const admin = await browser.newContext();
    const token = await logInAs(admin, demoAdmin);
    const created = await admin.request.post("/api/newsletter-admin", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        title: subject,
        subject,
        content: "<h1>Bonjour</h1><p>Les nouveautés du mois.</p><script>alert(1)</script>",
        scheduledDate: new Date(Date.now() + 3_000).toISOString(),
        status: "scheduled",
      },
    });
    expect(created.status()).toBe(201);
    await admin.close();

    const newsletter = await waitForMail(email, new RegExp(subject), 45_000);
    expect(newsletter.html).toContain("<h1>Bonjour</h1>");
    expect(newsletter.html).not.toContain("<script");
    expect(newsletter.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(newsletter.headers["list-unsubscribe"]).toMatch(/^<http:\/\/\S+\/api\/newsletter\/unsubscribe\?token=\S+>$/);
    const unsubscribeLink = new URL(newsletter.links.find((link) => link.includes("/newsletter/desinscription?"))!);

    await page.goto(unsubscribeLink.pathname + unsubscribeLink.search);
    await expect(page.getByRole("heading", { name: "Se désinscrire de la newsletter" })).toBeVisible();
    await page.getByRole("button", { name: "Me désinscrire" }).click();
    await expect(page.getByText("C'est fait : tu ne recevras plus notre newsletter.")).toBeVisible();
  });
});

test.describe("admin", () => {
  test.describe.configure({ timeout: 60_000 });

  test("the admin writes, previews, schedules, edits and deletes a newsletter", async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const title = `Newsletter ${unique()}`;
    const { context, page } = await signedInBrowser(browser, js, demoAdmin);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Rédaction de la newsletter" }).click();
    await expect(page).toHaveURL(/\/admin\?onglet=newsletter$/);
    await page.getByRole("link", { name: "Nouvelle newsletter" }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\/new$/);
    await expect(page.getByRole("heading", { name: "Nouvelle newsletter" })).toBeVisible();

    // Every field is required.
    await page.getByRole("button", { name: "Créer la newsletter" }).click();
    await expect(page.getByText("Le titre est requis.")).toBeVisible();

    await page.getByLabel("Titre (interne)").fill(title);
    await page.getByLabel("Objet du mail").fill("Tes séances de printemps");
    await page
      .getByLabel("Contenu HTML")
      .fill('<h2>Printemps</h2><p onclick="steal()">Trois séances pour reprendre.</p><script>alert(1)</script>');
    const preview = page.getByRole("region", { name: "Aperçu" });
    if (!js) await page.getByRole("button", { name: "Actualiser l'aperçu" }).click();
    await expect(preview.getByRole("heading", { name: "Printemps" })).toBeVisible();
    await expect(preview.locator("script, [onclick]")).toHaveCount(0);
    // What was typed is still there (without JavaScript the page came back).
    await expect(page.getByLabel("Titre (interne)")).toHaveValue(title);

    await page.getByLabel("Date et heure d'envoi").fill("2030-01-15T09:30");
    await page.getByRole("radio", { name: "Programmée" }).check();
    await page.getByRole("button", { name: "Créer la newsletter" }).click();
    await expect(page.getByText("Newsletter créée !")).toBeVisible();
    await expect(page.getByLabel("Titre (interne)")).toHaveValue("");
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("Programmée")).toBeVisible();
    await expect(card.getByText("Envoi prévu le 15 janvier 2030 à 09:30")).toBeVisible();
    await card.getByText("Voir le contenu").click();
    await expect(card.getByText("Trois séances pour reprendre.")).toBeVisible();
    if (js) await expect(page.getByText("Newsletter créée !")).toBeHidden({ timeout: 6_000 });

    await card.getByRole("link", { name: `Modifier « ${title} »` }).click();
    await expect(page.getByRole("heading", { name: "Modifier la newsletter" })).toBeVisible();
    await expect(page.getByLabel("Date et heure d'envoi")).toHaveValue("2030-01-15T09:30");
    await page.getByLabel("Objet du mail").fill("Tes séances de printemps, épisode 2");
    await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByText("Newsletter mise à jour !")).toBeVisible();
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: title })
        .getByText(/épisode 2/),
    ).toBeVisible();

    await page.goto("/admin?onglet=newsletter");
    const tabCard = page.getByRole("listitem").filter({ hasText: title });
    await tabCard.getByRole("link", { name: `Supprimer « ${title} »` }).click();
    const confirm = js ? page.getByRole("dialog", { name: "Supprimer cette newsletter ?" }) : page.locator("main");
    await confirm.getByRole("button", { name: "Oui, supprimer la newsletter" }).click();
    await expect(page.getByText("Newsletter supprimée !")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
    await context.close();
  });

  test("an admin whose session ends while writing keeps the text and is told why", async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo.project.name);
    const { context, page } = await signedInBrowser(browser, js, demoAdmin);
    await page.goto("/admin/newsletter/new");
    await expect(page.getByRole("heading", { name: "Nouvelle newsletter" })).toBeVisible();
    const title = `Brouillon ${unique()}`;
    await page.getByLabel("Titre (interne)").fill(title);
    await page.getByLabel("Objet du mail").fill("Objet");
    await page.getByLabel("Contenu HTML").fill("<p>Un long texte écrit avec soin.</p>");
    await page.getByLabel("Date et heure d'envoi").fill("2030-02-01T08:00");
    await context.clearCookies();
    await page.getByRole("button", { name: "Créer la newsletter" }).click();
    await expect(page.getByText("Session expirée ou accès refusé")).toBeVisible();
    await expect(page.getByLabel("Titre (interne)")).toHaveValue(title);
    await expect(page.getByLabel("Contenu HTML")).toHaveValue("<p>Un long texte écrit avec soin.</p>");
    await expect(page.getByRole("link", { name: "Se reconnecter" })).toHaveAttribute("target", "_blank");
    await context.close();
  });

  test("nobody is sent to log in, a user gets 403", async ({ page, browser }, testInfo) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/\?compte=login$/);
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Connecte-toi" })).toBeVisible();

    const user = await signedInBrowser(browser, jsEnabled(testInfo.project.name), demoUser);
    const response = await user.page.goto("/admin/newsletter/new");
    expect(response?.status()).toBe(403);
    await expect(user.page.getByText("Accès refusé. Privilèges admin requis.")).toBeVisible();
    await user.context.close();
  });
});

test.describe("home blocks", () => {
  test("the professional reviews: the list three times, one exposed, paused on hover, still under reduced motion", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Ce qu'en disent les pros" }).first();
    const copies = section.locator("ul");
    await expect(copies).toHaveCount(3);
    const perCopy = await copies.first().getByRole("listitem").count();
    expect(perCopy).toBeGreaterThanOrEqual(4);
    await expect(copies.nth(1)).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByRole("figure")).toHaveCount(perCopy);
    await expect(section.getByText("Maëlle Dufresne").first()).toBeVisible();

    const track = copies.first().locator("..");
    const viewport = track.locator("..");
    const playState = () => track.evaluate((element) => getComputedStyle(element).animationPlayState);
    const animation = () => track.evaluate((element) => getComputedStyle(element).animationName);
    expect(await animation()).not.toBe("none");
    // With JavaScript it rests while out of sight: bring it into view first.
    await viewport.scrollIntoViewIfNeeded();
    await expect.poll(playState).toBe("running");
    // Paused under the pointer, and while the focus is in it.
    await viewport.hover();
    expect(await playState()).toBe("paused");
    await page.mouse.move(0, 0);
    await expect.poll(playState).toBe("running");
    await viewport.focus();
    expect(await playState()).toBe("paused");
    await viewport.blur();

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.mouse.move(0, 0);
    expect(await animation()).toBe("none");
    await expect(copies.nth(1)).toBeHidden();
  });

  test("the footer's social links open in a new tab, without a handle on the page", async ({ page }) => {
    await page.goto("/");
    const links = page.locator("footer").getByRole("link", { name: /s'ouvre dans un nouvel onglet/ });
    await expect(links).toHaveCount(4);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("the pebbles cycle through their eight animations, each for 2.4 s, and keep still under reduced motion", async ({
    page,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "an animation needs JavaScript: without it the logo is a picture");
    await page.goto("/");
    const logo = page.locator("footer").getByRole("button", { name: "Animer le logo" });
    await expect(logo).toBeVisible();
    await logo.click();
    await expect(logo).toHaveAttribute("data-animation", "stretch");
    await expect(logo).not.toHaveAttribute("data-animation", /./, { timeout: 4_000 });
    await logo.focus();
    await page.keyboard.press("Enter");
    await expect(logo).toHaveAttribute("data-animation", "bounce");
    await page.keyboard.press("Space");
    await expect(logo).toHaveAttribute("data-animation", "wiggle");
    for (const mode of ["wave", "pop", "swing", "explode", "fall", "stretch"]) {
      await logo.click();
      await expect(logo).toHaveAttribute("data-animation", mode);
    }

    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(logo).not.toHaveAttribute("data-animation", /./, { timeout: 4_000 });
    await logo.click();
    await expect(logo).not.toHaveAttribute("data-animation", /./);
  });
});

test.describe("failures and accessibility", () => {
  test("with JavaScript, a review or a sign-up that never reaches the server says so", async ({
    browser,
  }, testInfo) => {
    test.skip(!jsEnabled(testInfo.project.name), "the network messages belong to the JavaScript forms");
    const { context, page } = await signedInBrowser(browser, true, demoUser);
    await homeReady(page, true);
    await page.locator("#avis").getByRole("link", { name: "Laisser un avis", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Laisser un avis" });
    await dialog.getByLabel("Ton avis").fill("Un avis qui ne partira pas.");
    // The network goes down: every request of the router fails, the post and any reload of the page's data.
    await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
    await dialog.getByRole("button", { name: "Envoyer mon avis" }).click();
    await expect(dialog.getByText("Erreur lors de l'envoi de l'avis")).toBeVisible();
    // Nothing typed is lost.
    await expect(dialog.getByLabel("Ton avis")).toHaveValue("Un avis qui ne partira pas.");
    await dialog.getByRole("button", { name: "Fermer" }).click();

    await page.locator("#newsletter").getByLabel("Ton adresse e-mail").fill(`offline-${unique()}@example.test`);
    await page.locator("#newsletter").getByRole("button", { name: "Je m'inscris" }).click();
    await expect(page.getByText("Erreur réseau : vérifie ta connexion et réessaie.")).toBeVisible();
    // The page stays (no reload of its data that would fail and show the error screen).
    await expect(page.getByRole("heading", { name: "Une erreur est survenue" })).toHaveCount(0);
    await expect(page.locator("#newsletter").getByLabel("Ton adresse e-mail")).toBeVisible();
    await context.close();
  });

  test("the community blocks and the admin pages pass axe (WCAG 2 A and AA)", async ({ browser }, testInfo) => {
    // axe runs as a script in the page: it cannot where scripts are off (the markup is the same).
    test.skip(!jsEnabled(testInfo.project.name), "axe needs JavaScript in the page");
    // Seven axe runs: on a busy two-core machine they take about a minute.
    test.setTimeout(120_000);
    const js = true;
    const { context, page } = await signedInBrowser(browser, js, demoAdmin);
    const check = async (include: string) => {
      const results = await new AxeBuilder({ page }).include(include).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
    };
    await homeReady(page, js);
    await check("#avis");
    await check("#newsletter");
    await check("section:has(#pro-reviews-title)");
    for (const path of ["/avis/nouveau", "/admin", "/admin?onglet=newsletter", "/admin/newsletter/new"]) {
      await page.goto(path);
      await check("main");
    }
    await context.close();
  });
});
