import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";

/**
 * Signs a browser context in through POST /api/login: the session cookie it
 * sets is then sent by every page of the context, JavaScript or not.
 */
export async function logInAs(target: Page | BrowserContext, account: { pseudo: string; password: string }) {
  const response = await target.request.post("/api/login", {
    data: { identifier: account.pseudo, password: account.password, remember: false },
  });
  expect(response.status(), `login as ${account.pseudo}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The "js" project runs every page with JavaScript on; the other with it off. */
export const jsEnabled = (projectName: string) => projectName === "js";

/**
 * A new French browser context with JavaScript on or off, signed in as
 * `account`, and a page in it; `token` is the session's, for API calls.
 */
export async function signedInBrowser(browser: Browser, js: boolean, account: { pseudo: string; password: string }) {
  const context = await browser.newContext({ javaScriptEnabled: js, locale: "fr-FR" });
  const token = await logInAs(context, account);
  return { context, token, page: await context.newPage() };
}
