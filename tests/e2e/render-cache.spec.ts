import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { demoUser } from "./support/server";

// Pages for visitors without a session are served again for a few seconds
// (app/server/render-cache.ts). What must hold on the real app: nothing
// personal or tied to one request ever comes from that cache.

const cacheState = (response: { headers(): Record<string, string> }) => response.headers()["x-render-cache"];

async function anonymous(baseURL: string | undefined): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "Accept-Language": "fr" } });
}

test("a signed-in visitor's page and a flash message never reach anyone else", async ({ baseURL }) => {
  const visitor = await anonymous(baseURL);
  const member = await anonymous(baseURL);
  try {
    // The anonymous page is stored, then served again.
    expect(cacheState(await visitor.get("/outils?compte=history"))).toMatch(/miss|hit/);
    expect(cacheState(await visitor.get("/outils?compte=history"))).toBe("hit");

    // A failed login without JavaScript: the answer comes back as a flash cookie.
    const refused = await member.post("/compte", {
      form: { intent: "login", identifier: demoUser.pseudo, password: "not-the-password", redirectTo: "/outils" },
    });
    expect(cacheState(refused)).toBe("bypass");
    const refusedPage = await refused.text();
    expect(refusedPage).toContain(demoUser.pseudo); // the form keeps what was typed

    // Signed in: the page shows the account, and is never stored nor served from the cache.
    const signedIn = await member.post("/compte", {
      form: { intent: "login", identifier: demoUser.pseudo, password: demoUser.password, redirectTo: "/outils" },
    });
    expect(signedIn.ok()).toBe(true);
    const personal = await member.get("/outils?compte=history");
    expect(cacheState(personal)).toBe("bypass");
    expect(await personal.text()).toContain(demoUser.email);
    expect(cacheState(await member.get("/outils?compte=history"))).toBe("bypass");

    // The anonymous visitor still gets the anonymous page: no e-mail, no pseudo, no flash.
    const page = await visitor.get("/outils?compte=history");
    expect(cacheState(page)).toMatch(/miss|hit/);
    const html = await page.text();
    expect(html).not.toContain(demoUser.email);
    expect(html).not.toContain("not-the-password");
    expect(html).toContain("Non connecté. Connecte-toi d'abord.");
  } finally {
    await visitor.dispose();
    await member.dispose();
  }
});

test("a page from the cache allows its scripts by hash, never by a reused nonce", async ({ baseURL }) => {
  const client = await anonymous(baseURL);
  try {
    const first = await client.get("/contact");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers()["content-security-policy"] ?? "")?.[1];
    const second = await client.get("/contact");
    expect(cacheState(second)).toBe("hit");
    const csp = second.headers()["content-security-policy"] ?? "";
    const html = await second.text();
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+ 'strict-dynamic'/);
    expect(csp).not.toContain("nonce");
    expect(html).not.toMatch(/\snonce="/);
    if (firstNonce) expect(html).not.toContain(firstNonce);
  } finally {
    await client.dispose();
  }
});

test("a page from the cache hydrates without a script error or a CSP violation", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "hydration needs JavaScript");
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" || /Content Security Policy|Refused to|hydrat/i.test(message.text()))
      problems.push(message.text());
  });
  for (const path of ["/imc", "/imc"]) {
    const response = await page.goto(path);
    expect(response?.ok()).toBe(true);
  }
  expect(cacheState((await page.goto("/imc"))!)).toBe("hit");
  await page.getByLabel(/Poids/).first().fill("70");
  await page
    .getByLabel(/Taille/)
    .first()
    .fill("175");
  await page
    .getByRole("button", { name: /Calculer/ })
    .first()
    .click();
  await expect(page.getByText("22,9").first()).toBeVisible();
  expect(problems).toEqual([]);
});

test("refusals, a 413 page and a page with a token never come from the cache nor go into it", async ({ baseURL }) => {
  const client = await anonymous(baseURL);
  try {
    // The contact page is in the cache…
    // (A test running beside this one may empty the cache, say by approving a review: asked again until it holds the page.)
    await expect.poll(async () => cacheState(await client.get("/contact"))).toBe("hit");
    // …but a form too large for it gets the 413 page, rendered for this request.
    const tooLarge = await client.post("/contact", { form: { nom: "Camille", message: "x".repeat(100_000) } });
    expect(tooLarge.status()).toBe(413);
    expect(cacheState(tooLarge)).toBe("bypass");
    // A request the guard refuses never reaches the cache.
    const refused = await client.fetch("/contact", { method: "TRACE" });
    expect(refused.status()).toBe(405);
    expect(cacheState(refused)).toBeUndefined();
    // Pages behind a link with a token say no-store: each request is answered for itself.
    for (let attempt = 0; attempt < 2; attempt++) {
      const unsubscribe = await client.get("/newsletter/desinscription?token=inconnu");
      expect(cacheState(unsubscribe)).toBe("miss");
      expect(unsubscribe.headers()["cache-control"]).toBe("no-store");
    }
  } finally {
    await client.dispose();
  }
});
