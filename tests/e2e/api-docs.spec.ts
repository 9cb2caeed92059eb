import { expect, test } from "@playwright/test";

// /api/docs: the API's description as a page, readable with or without
// JavaScript (runs in both projects), every call of /api/openapi.json on it.
// A long page: its checks get the slow timeout.
test.slow();

interface Described {
  paths: Record<string, Record<string, { operationId: string; summary: string }>>;
  components: { schemas: Record<string, unknown> };
}

test("every call of the OpenAPI document is on the page, in the site's frame", async ({ page, request }) => {
  const described = (await (await request.get("/api/openapi.json")).json()) as Described;
  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
  await expect(page).toHaveTitle("L'API de Dynami | Dynami");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("L'API de Dynami");
  await expect(page.getByRole("banner")).toBeVisible();
  // Read at once: one heading and summary per call, one table per schema.
  const expected = Object.entries(described.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => `${operation.operationId}|${method.toUpperCase()} ${path}`),
  );
  const shown = await page
    .locator("section[id] > h3")
    .evaluateAll((headings) => headings.map((heading) => `${heading.parentElement!.id}|${heading.textContent}`));
  expect(shown.filter((entry) => !entry.startsWith("schema-")).toSorted()).toEqual(expected.toSorted());
  const schemas = Object.keys(described.components.schemas).map((name) => `schema-${name}|${name}`);
  expect(shown.filter((entry) => entry.startsWith("schema-")).toSorted()).toEqual(schemas.toSorted());
  await expect(page.locator("section#login").getByText("Sign in", { exact: true })).toBeVisible();
  // The login's answer links to the User schema's table.
  await page.locator("section#login").getByRole("link", { name: "LoginAnswer" }).first().click();
  await expect(page).toHaveURL(/#schema-LoginAnswer$/);
  await page.getByRole("link", { name: "Le document OpenAPI 3.1 (JSON)" }).click();
  await expect(page).toHaveURL(/\/api\/openapi\.json$/);
});

test("the page speaks the visitor's language; the description stays English", async ({ page }) => {
  await page.goto("/api/docs?lng=de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Die API von Dynami");
  await expect(page.locator("section#login").getByText("Sign in", { exact: true })).toBeVisible();
  await expect(page.locator("section#getMe").getByText("Anmeldung nötig (Token oder Cookie)")).toBeVisible();
});
