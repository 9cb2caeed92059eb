import type { Page } from "@playwright/test";

/** React has attached itself to the page: clicks now run the enhanced code, not a plain HTML submit. */
export async function waitForHydration(page: Page, timeout = 20_000) {
  await page.waitForFunction(
    () => {
      const main = document.querySelector("main");
      return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
    },
    null,
    { timeout },
  );
}
