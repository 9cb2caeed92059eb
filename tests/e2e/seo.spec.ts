import { expect, test } from "@playwright/test";

// What search engines read on every page, in every language: a description
// of the page, its canonical address and the page in each language.

const pages = [
  "/",
  "/outils",
  "/imc",
  "/calorie",
  "/calories",
  "/contact",
  "/mentions-legales",
  "/privacy-policy",
  "/cookies",
  "/not-found",
  "/exo",
  "/newsletter",
  "/avis/nouveau",
];
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

test("a page that does not exist is not offered to search engines", async ({ request }) => {
  const response = await request.get("/page-qui-n-existe-pas");
  expect(response.status()).toBe(404);
  const head = headOf(await response.text());
  expect(head.canonical).toEqual([]);
  expect(head.alternates).toEqual({});
  expect(head.description).toBeTruthy();
});
