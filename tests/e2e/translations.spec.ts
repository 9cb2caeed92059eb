import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

// Per-route translations: a page carries the namespaces its routes declare
// (handle.i18n), in its language; the browser fetches those of the next page
// when it navigates; mail templates and legal texts never reach it.

const locales = path.resolve(import.meta.dirname, "../../locales");
const read = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(locales, language, `${namespace}.json`), "utf8")) as Record<string, unknown>;

interface PagePayload {
  language: string;
  version: string;
  namespaces: Record<string, { bundle: Record<string, unknown>; fallback: unknown }>;
}

function payloadOf(html: string): PagePayload {
  const json = /<script id="page-translations" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("no page translations in the page");
  return JSON.parse(json) as PagePayload;
}

/** Texts that must stay on the server: every mail text, and the long legal paragraphs. */
function serverOnlySamples(): string[] {
  const mail = read("fr", "mail") as { verifyEmail: { body: string; footer: string } };
  const legal = read("fr", "legal") as { privacy: { sections: { rights: { paragraphs: string[] } } } };
  return [mail.verifyEmail.body, mail.verifyEmail.footer, legal.privacy.sections.rights.paragraphs[0]!.slice(0, 60)];
}

test("a page carries the namespaces of its routes only, in its language", async ({ request }) => {
  const imc = payloadOf(await (await request.get("/imc?lng=de")).text());
  expect(imc.language).toBe("de");
  expect(Object.keys(imc.namespaces)).toEqual(["common", "consent", "account", "tools"]);
  expect(imc.namespaces["tools"]!.bundle).toEqual(read("de", "tools"));
  // German is complete: nothing of French rides along.
  expect(imc.namespaces["tools"]!.fallback).toBeNull();

  const contact = payloadOf(await (await request.get("/contact?lng=fr")).text());
  expect(Object.keys(contact.namespaces)).toEqual(["common", "consent", "account", "contact"]);

  const legal = await (await request.get("/privacy-policy?lng=fr")).text();
  expect(Object.keys(payloadOf(legal).namespaces)).toEqual(["common", "consent", "account"]);
});

test("mail templates and legal texts never reach the browser as translations", async ({ request }) => {
  const { version } = payloadOf(await (await request.get("/")).text());
  expect((await request.get(`/locales/${version}/fr/tools`)).status()).toBe(200);
  for (const namespace of ["mail", "newsletter-mail", "legal", "nope"]) {
    expect((await request.get(`/locales/${version}/fr/${namespace}`)).status(), namespace).toBe(404);
  }
  const samples = serverOnlySamples();
  for (const pagePath of ["/", "/imc", "/calories", "/contact", "/?compte=create", "/cookies", "/mentions-legales"]) {
    const payload = JSON.stringify(payloadOf(await (await request.get(pagePath)).text()));
    for (const sample of samples) expect(payload, `${pagePath}: ${sample}`).not.toContain(sample);
  }
});

test("scripts carry no texts: neither translations nor mails", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "scripts load only with JavaScript");
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") scripts.push(await response.text().catch(() => ""));
  });
  for (const pagePath of ["/", "/imc", "/contact", "/privacy-policy"])
    await page.goto(pagePath, { waitUntil: "networkidle" });
  const texts = [...serverOnlySamples(), (read("fr", "contact") as { intro: string }).intro];
  for (const text of texts)
    expect(
      scripts.some((script) => script.includes(text)),
      text,
    ).toBe(false);
});

test("navigating fetches the next page's namespaces, in the page's language", async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "without JavaScript every page is a new document");
  await page.context().addCookies([{ name: "cookie_consent", value: "necessary", url: baseURL ?? "" }]);
  await page.goto("/?lng=es");
  await waitForHydration(page);
  const fetched: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/locales/")) fetched.push(pathname.split("/").slice(3).join("/"));
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Contacto" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¿Tienes una pregunta? Te respondemos.");
  await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
  expect(fetched).toEqual(["es/contact"]);
});
