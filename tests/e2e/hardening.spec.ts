import { expect, type Page, test } from "@playwright/test";
import { jsEnabled } from "./support/session";

// A form whose body passes the server's limit (64 KB) is refused with 413.
// Without JavaScript the visitor gets the 413 page in their language, with a
// link back to the form; with it, the form stays as typed and says the
// sending failed. The browser submits the real form; the test swaps its body
// for one too large on the way (a person cannot type that much: the fields
// have their own maximum lengths).

async function withConsentChosen(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL ?? "http://127.0.0.1" }]);
}

test("a form too large is refused with 413, and the visitor finds the way back", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  await withConsentChosen(page, baseURL);
  const tooLarge = new URLSearchParams({ nom: "Camille", message: "x".repeat(100_000) }).toString();
  const answers: number[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST") answers.push(response.status());
  });
  // /contact without JavaScript, /contact.data with it.
  await page.route(/\/contact(\.data)?(\?.*)?$/, (route) =>
    route.request().method() === "POST" ? route.continue({ postData: tooLarge }) : route.continue(),
  );
  await page.goto("/contact");
  const form = page.locator("#contact-form");
  if (jsEnabled(testInfo.project.name)) {
    // Hydrated: leaving an empty field validates it at once.
    await expect(async () => {
      await form.getByLabel("Ton nom").focus();
      await form.getByLabel("Ton e-mail").focus();
      await expect(form.getByText("Ton nom est requis.", { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  await form.getByLabel("Ton nom").fill("Camille");
  await form.getByLabel("Ton e-mail").fill("camille@example.fr");
  await form.getByLabel("Sujet").fill("Trop long");
  await form.getByLabel("Ton message").fill("Bonjour");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Envoyer" }).click();

  if (jsEnabled(testInfo.project.name)) {
    await expect(form.getByRole("alert")).toHaveText("Une erreur est survenue. Réessaie.", { timeout: 15_000 });
    expect(answers).toContain(413);
    await expect(form.getByLabel("Ton message")).toHaveValue("Bonjour");
    return;
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Envoi trop volumineux", { timeout: 15_000 });
  expect(answers).toContain(413);
  await expect(page.getByText("Ce que tu as envoyé dépasse la taille permise.")).toBeVisible();
  await page.unroute(/\/contact(\.data)?(\?.*)?$/);
  await page.getByRole("link", { name: "Revenir au formulaire" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Une question ? On te répond.");
  await expect(page.locator("#contact-form")).toBeVisible();
});
