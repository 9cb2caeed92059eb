import { type BrowserContext, expect, type Page } from "@playwright/test";

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
