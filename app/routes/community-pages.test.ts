import { beforeEach, describe, expect, it } from "vitest";
import { startSession } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as reviewPage from "./avis.nouveau.tsx";
import * as confirmPage from "./newsletter.confirmer.tsx";
import * as unsubscribePage from "./newsletter.desinscription.tsx";
import * as newsletterPage from "./newsletter.tsx";
import { unsubscribeTokenFor } from "~/services/newsletter-unsubscribe.server";

// The community's page actions, as the forms post them without JavaScript.

const app = freshTestAppPerTest();
const origin = "http://localhost:3000";
let cookie: string;

beforeEach(async () => {
  const user = await app.services.store.users.create({
    pseudo: "lea",
    email: "lea@example.com",
    passwordHash: "x",
    prenom: "Léa",
  });
  cookie = (await startSession(app.context(), user.id, { remember: false })).setCookie.split(";")[0]!;
});

function post(module: { action: unknown }, path: string, fields: Record<string, string>, headers = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return callRoute(
    module.action as never,
    new Request(`${origin}${path}`, { method: "POST", body, headers: { Origin: origin, ...headers } }),
    { context: app.context() },
  );
}

describe("/avis/nouveau", () => {
  it("stores a signed-in user's review for moderation under the account's name", async () => {
    const response = await post(
      reviewPage,
      "/avis/nouveau",
      { rating: "3", comment: "Pratique au quotidien", name: "X" },
      { Cookie: cookie },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: "sent", messageKey: "success" });
    expect(await app.services.store.reviews.listAll({ limit: 5 })).toMatchObject([
      { name: "Léa", rating: 3, comment: "Pratique au quotidien", isApproved: false },
    ]);
  });

  it("answers 401 without a session and keeps what was typed", async () => {
    const response = await post(reviewPage, "/avis/nouveau", { rating: "4", comment: "Pratique au quotidien" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      status: "unauthorized",
      messageKey: "notSignedIn",
      values: { rating: 4, comment: "Pratique au quotidien" },
    });
  });

  it("answers 400 with each field's rule, the values handed back within their limit", async () => {
    const response = await post(
      reviewPage,
      "/avis/nouveau",
      { rating: "9", comment: "x".repeat(700) },
      { Cookie: cookie },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: unknown; values: { rating: number; comment: string } };
    expect(body.errors).toEqual({ rating: "ratingInvalid", comment: "commentTooLong" });
    expect(body.values.rating).toBe(5);
    expect(body.values.comment).toHaveLength(500);
  });
});

describe("/newsletter", () => {
  it("subscribes from the site's block and mails the confirmation link", async () => {
    const response = await post(newsletterPage, "/newsletter", { email: "reader@example.com" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "subscribed", messageKey: "success" });
    expect(app.mails.at(-1)?.text).toMatch(/http:\/\/localhost:3000\/newsletter\/confirmer\?token=/);
  });

  it("refuses an address without '@', handing it back", async () => {
    const response = await post(newsletterPage, "/newsletter", { email: "reader.example.com" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: "invalid",
      messageKey: "emailInvalid",
      email: "reader.example.com",
    });
  });
});

describe("/newsletter/confirmer and /newsletter/desinscription", () => {
  it("confirms with the mail's link once, then unsubscribes with the newsletters' link", async () => {
    await post(newsletterPage, "/newsletter", { email: "reader@example.com" });
    const link = new URL(/http:\/\/\S+\/newsletter\/confirmer\?token=\S+/.exec(app.mails.at(-1)!.text)![0]);
    const confirm = () =>
      callRoute(confirmPage.loader as never, new Request(`${origin}${link.pathname}${link.search}`), {
        context: app.context(),
      });
    const first = await confirm();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ok: true, messageKey: "confirmed" });
    const again = await confirm();
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ ok: false, messageKey: "confirmFailed" });
    const subscriber = await app.services.store.newsletterSubscribers.findByEmail("reader@example.com");
    expect(subscriber?.confirmedAt).toBeInstanceOf(Date);

    // Opening the unsubscribe link changes nothing: the page asks.
    const page = await callRoute(
      unsubscribePage.loader as never,
      new Request(
        `${origin}/newsletter/desinscription?token=${unsubscribeTokenFor(app.services.config.sessionSecret, subscriber!.id)}`,
      ),
      { context: app.context() },
    );
    expect(await page.json()).toMatchObject({
      token: unsubscribeTokenFor(app.services.config.sessionSecret, subscriber!.id),
    });
    expect(await app.services.store.newsletterSubscribers.findByEmail("reader@example.com")).not.toBeNull();

    const done = await post(unsubscribePage, "/newsletter/desinscription", {
      token: unsubscribeTokenFor(app.services.config.sessionSecret, subscriber!.id),
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ ok: true, messageKey: "unsubscribed" });
    expect(await app.services.store.newsletterSubscribers.findByEmail("reader@example.com")).toBeNull();

    const stale = await post(unsubscribePage, "/newsletter/desinscription", {
      token: unsubscribeTokenFor(app.services.config.sessionSecret, subscriber!.id),
    });
    expect(await stale.json()).toEqual({ ok: false, messageKey: "unsubscribeUnknown" });
  });

  it("says so when the confirmation link has no token", async () => {
    const response = await callRoute(confirmPage.loader as never, new Request(`${origin}/newsletter/confirmer`), {
      context: app.context(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ messageKey: "confirmNoToken" });
  });
});
