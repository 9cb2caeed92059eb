import type { Page } from "@playwright/test";

const markName = "__e2eSameDocument";

/**
 * Proof that an answer came without a page load. Marks the page's window
 * now; the check returned tells whether the mark is still there once the
 * answer shows (a page load brings a fresh window, without it). Call it
 * before submitting, when the page is ready to handle the submit itself.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate((name) => Object.assign(window, { [name]: true }), markName);
  return () => page.evaluate((name) => name in window, markName);
}
