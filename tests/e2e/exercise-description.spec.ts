import { expect, type Locator, type Page, test } from "@playwright/test";
import { jsEnabled } from "./support/session";

// An exercise's whole description, on the builder's cards and in the session:
// its beginning shows, 'Lire la suite' opens the rest (a native disclosure,
// so the same with and without JavaScript). The back squat's ends with its
// safety cue, "dos droit", past the card's first lines.

const SQUAT_END = "genoux dans l'axe des pieds, dos droit.";

async function open(page: Page, url: string) {
  await page.goto(url);
  if (jsEnabled(test.info().project.name)) await page.locator("form[data-hydrated]").waitFor();
}

/** Opens a card's 'Lire la suite', reads the whole text, then closes it again. */
async function readsTheWholeDescription(item: Locator, name: string) {
  const toggle = item.locator("details > summary[aria-describedby]");
  await expect(toggle).toHaveText("Lire la suite", { useInnerText: true });
  await expect(toggle).toBeVisible();
  // Each 'Lire la suite' says whose description it opens.
  await expect(toggle).toHaveAccessibleDescription(name);
  await expect(item.getByText(SQUAT_END, { exact: false })).toBeHidden();
  await expect(item.getByText(/Renforce les quadriceps.*…$/)).toBeVisible();

  await toggle.click();
  await expect(item.locator("details:has(> summary[aria-describedby])")).toHaveAttribute("open", "");
  const whole = item.getByText(SQUAT_END, { exact: false });
  await expect(whole).toBeVisible();
  await expect(whole).toContainText("Renforce les quadriceps, avec l'aide des fessiers");
  // The beginning gives way to the whole text: it is not there twice.
  await expect(item.getByText(/Renforce les quadriceps.*…$/)).toBeHidden();
  await expect(toggle).toHaveText("Réduire", { useInnerText: true });

  await toggle.click();
  await expect(toggle).toHaveText("Lire la suite", { useInnerText: true });
  await expect(item.getByText(SQUAT_END, { exact: false })).toBeHidden();
}

test("a suggestion's card opens its whole description with 'Lire la suite'", async ({ page }) => {
  await open(page, "/exo?etape=3&type=muscu&equipement=barre&muscle=cuisses-externes&plus=1");
  const squat = page.locator('section[aria-labelledby="suggestions-title"] li[data-id="barbell-squat"]');
  await expect(squat).toBeVisible();
  await readsTheWholeDescription(squat, "Squat barre");
});

test("the session's card opens its whole description with 'Lire la suite'", async ({ page }) => {
  await open(page, "/exo?mode=seance&choix=barbell-squat&nom=Jambes");
  const squat = page.locator('li[data-id="barbell-squat"]');
  await expect(squat).toBeVisible();
  await readsTheWholeDescription(squat, "Squat barre");
});
