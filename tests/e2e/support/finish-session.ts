import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Closes the set popup (with JavaScript: 'Valider', then 'Terminer' and its
 * confirmation; without: the form's 'Terminer la séance'), and waits for the
 * summary to say the session is saved. `logger` is where the sets were typed.
 */
export async function finishSession(page: Page, logger: Locator, js: boolean): Promise<Locator> {
  if (js) {
    await logger.getByRole("button", { name: "Valider" }).click();
    await page.getByRole("button", { name: "Terminer", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Terminer la séance ?" })
      .getByRole("button", { name: "Terminer", exact: true })
      .click();
  } else {
    await page.getByRole("button", { name: "Terminer la séance" }).click();
  }
  const summary = page.getByRole("region", { name: "Séance terminée" });
  await expect(summary.getByText("Séance enregistrée")).toBeVisible();
  return summary;
}
