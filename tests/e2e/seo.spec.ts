import { expect, test } from "@playwright/test";
import { contentPages } from "./support/pages";

// What search engines read on every page, in every language: a description
// of the page, its canonical address and the page in each language.

const pages = [...contentPages, "/exo", "/newsletter", "/avis/nouveau"];
const languages = ["fr", "en", "de", "es"];

/** Absolute addresses (the app's APP_URL), compared by path and query. */
const local = (href: string | null) => {
  const url = new URL(href ?? "", "invalid://");
  expect(url.protocol, `${href} is absolute`).toMatch(/^https?:$/);
  return url.pathname + url.search;
};

function headOf(html: string) {
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
  return {
    description: attribute(/<meta name="description"[^>]*>/.exec(html)?.[0] ?? "", "content"),
    canonical: links.filter((tag) => tag.includes('rel="canonical"')).map((tag) => attribute(tag, "href")),
    alternates: Object.fromEntries(
      links
        .filter((tag) => tag.includes('rel="alternate"'))
        .map((tag) => [attribute(tag, "hrefLang"), attribute(tag, "href")]),
    ),
  };
}

for (const language of languages) {
  test(`every page has a description, a canonical address and its languages (${language})`, async ({ request }) => {
    const descriptions = new Set<string>();
    for (const path of pages) {
      const response = await request.get(`${path}?lng=${language}`);
      expect(response.status(), path).toBe(200);
      const head = headOf(await response.text());
      expect(head.description, path).toBeTruthy();
      descriptions.add(head.description!);
      expect(head.canonical.map(local), path).toEqual([`${path}?lng=${language}`]);
      expect(
        Object.fromEntries(Object.entries(head.alternates).map(([lang, href]) => [lang, local(href as string | null)])),
        path,
      ).toEqual({
        fr: `${path}?lng=fr`,
        en: `${path}?lng=en`,
        de: `${path}?lng=de`,
        es: `${path}?lng=es`,
        "x-default": path,
      });
    }
    // Each page says what it is about (the calorie page answers at two addresses).
    expect(descriptions.size).toBe(pages.length - 1);
  });
}

test("the address without a language is its own canonical (it adapts to the visitor)", async ({ request }) => {
  const head = headOf(await (await request.get("/imc?onglet=x&compte=login")).text());
  expect(head.canonical.map(local)).toEqual(["/imc"]);
});

test("a builder state in the address is not a page of its own: its canonical is the builder", async ({ request }) => {
  const head = headOf(
    await (await request.get("/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&lng=en")).text(),
  );
  expect(head.canonical.map(local)).toEqual(["/exo?lng=en"]);
  expect(head.description).toMatch(/^Four steps/);
});

test("a page that does not exist is not offered to search engines", async ({ request }) => {
  const response = await request.get("/page-qui-n-existe-pas");
  expect(response.status()).toBe(404);
  const head = headOf(await response.text());
  expect(head.canonical).toEqual([]);
  expect(head.alternates).toEqual({});
  expect(head.description).toBeTruthy();
});
