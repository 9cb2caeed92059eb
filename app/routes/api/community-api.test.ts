import { beforeEach, describe, expect, it } from "vitest";
import { createLoadContext } from "~/context.server";
import { NEWSLETTER_ADMIN_MESSAGES, NEWSLETTER_SIGNUP_MESSAGES } from "~/domain/newsletter";
import { REVIEW_ADMIN_MESSAGES, REVIEW_MESSAGES } from "~/domain/reviews";
import { hashToken } from "~/services/auth/tokens.server";
import { startSession } from "~/services/auth/session.server";
import { NewsletterSender } from "~/services/newsletter-sender.server";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as newsletterAdminItemApi from "./newsletter-admin.$id.ts";
import * as newsletterAdminApi from "./newsletter-admin.ts";
import * as subscribeApi from "./newsletter.subscribe.ts";
import * as unsubscribeApi from "./newsletter.unsubscribe.ts";
import * as approveApi from "./reviews.users.$id.approve.ts";
import * as reviewsApi from "./reviews.users.ts";
import { unsubscribeTokenFor } from "~/services/newsletter-unsubscribe.server";

const app = freshTestAppPerTest();
const origin = "http://localhost:3000";
let userToken: string;
let adminToken: string;
let userId: string;

beforeEach(async () => {
  const { store } = app.services;
  const user = await store.users.create({
    pseudo: "lea",
    email: "lea@example.com",
    passwordHash: "x",
    displayName: "Léa M.",
    photo: "/photos/lea.webp",
  });
  const admin = await store.users.create({
    pseudo: "boss",
    email: "boss@example.com",
    passwordHash: "x",
    role: "admin",
  });
  userId = user.id;
  userToken = (await startSession(app.context(), user.id, { remember: false })).token;
  adminToken = (await startSession(app.context(), admin.id, { remember: false })).token;
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The context of another app process on the same store: its own services, nothing shared but the store. */
function otherProcessContext(clientAddress = "127.0.0.1") {
  return createLoadContext({ ...app.services }, { nonce: "", clientAddress });
}

function postJson(module: { action: unknown }, url: string, body: unknown, headers: Record<string, string> = {}) {
  return callRoute(module.action as never, jsonRequest(url, body, { headers }), { context: app.context() });
}

function getJson(module: { loader: unknown }, url: string, headers: Record<string, string> = {}) {
  return callRoute(module.loader as never, new Request(`${origin}${url}`, { headers }), { context: app.context() });
}

describe("/api/reviews/users", () => {
  it("takes the name from the account, never from the body, and keeps the comment as typed text", async () => {
    const response = await postJson(
      reviewsApi,
      "/api/reviews/users",
      { name: "Someone Else", rating: 4, comment: "  <img src=x onerror=alert(1)> très bien  " },
      bearer(userToken),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; message: string; review: Record<string, unknown> };
    expect(body).toMatchObject({ success: true, message: REVIEW_MESSAGES.success });
    expect(body.review).toMatchObject({
      name: "Léa M.",
      rating: 4,
      comment: "<img src=x onerror=alert(1)> très bien",
      isApproved: false,
    });
    const [stored] = await app.services.store.reviews.listAll({ limit: 5 });
    expect(stored).toMatchObject({ userId, name: "Léa M.", isApproved: false });
  });

  it("answers 401 without a session, whatever the body", async () => {
    const response = await postJson(reviewsApi, "/api/reviews/users", { rating: 5, comment: "Un avis assez long" });
    expect(response.status).toBe(401);
    expect(await app.services.store.reviews.listAll({ limit: 5 })).toEqual([]);
  });

  it.each([
    [{ rating: 5, comment: "court" }, REVIEW_MESSAGES.commentTooShort],
    [{ rating: 5, comment: "x".repeat(501) }, REVIEW_MESSAGES.commentTooLong],
    [{ rating: 0, comment: "Un avis assez long" }, REVIEW_MESSAGES.ratingInvalid],
    [{ rating: 5 }, REVIEW_MESSAGES.commentRequired],
    [{ rating: 5, comment: { $gt: "" } }, REVIEW_MESSAGES.commentRequired],
  ])("answers 400 with the rule's message for %j", async (body, message) => {
    const response = await postJson(reviewsApi, "/api/reviews/users", body, bearer(userToken));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it("limits reviews per user (429 with Retry-After)", async () => {
    for (let index = 0; index < 5; index += 1) {
      const response = await postJson(
        reviewsApi,
        "/api/reviews/users",
        { rating: 5, comment: `Avis numéro ${index}` },
        bearer(userToken),
      );
      expect(response.status).toBe(201);
    }
    const refused = await postJson(
      reviewsApi,
      "/api/reviews/users",
      { rating: 5, comment: "Encore un avis" },
      bearer(userToken),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ message: REVIEW_MESSAGES.tooManyRequests });
  });

  it("keeps the per-user budget in the store, shared by every app process on it", async () => {
    const post = (index: number, context = app.context()) =>
      callRoute(
        reviewsApi.action as never,
        jsonRequest(
          "/api/reviews/users",
          { rating: 4, comment: `Avis partagé ${index}` },
          { headers: bearer(userToken) },
        ),
        { context },
      );
    for (let index = 0; index < 5; index += 1) {
      expect((await post(index, index % 2 === 0 ? app.context() : otherProcessContext())).status).toBe(201);
    }
    expect((await post(5, otherProcessContext())).status).toBe(429);
    expect((await post(6)).status).toBe(429);
  });

  it("lists approved reviews only, with the author's photo: { success, reviews }", async () => {
    const { store } = app.services;
    const pending = await store.reviews.create({ userId, name: "Léa M.", rating: 3, comment: "Pas encore publié" });
    const approved = await store.reviews.create({ userId, name: "Léa M.", rating: 5, comment: "Publié, lui" });
    await store.reviews.approve(approved.id);

    const response = await getJson(reviewsApi, "/api/reviews/users");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      reviews: [
        {
          _id: approved.id,
          name: "Léa M.",
          photo: "/photos/lea.webp",
          rating: 5,
          comment: "Publié, lui",
          createdAt: approved.createdAt.toISOString(),
        },
      ],
    });
    expect(pending.isApproved).toBe(false);
  });

  it("answers 404 when approving an unknown review", async () => {
    const response = await callRoute(
      approveApi.action as never,
      new Request(`${origin}/api/reviews/users/0123456789abcdef01234567/approve`, {
        method: "PUT",
        headers: bearer(adminToken),
      }),
      { context: app.context(), params: { id: "0123456789abcdef01234567" } },
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: REVIEW_ADMIN_MESSAGES.notFound });
  });
});

describe("/api/newsletter-admin", () => {
  const body = {
    title: "Juin",
    subject: "Les nouveautés de juin",
    content: '<h1>Juin</h1><p onclick="steal()">Salut</p><a href="javascript:alert(1)">x</a><script>alert(1)</script>',
    scheduledDate: "2026-06-01T09:00:00+02:00",
    status: "scheduled",
  };

  it("sanitizes the HTML on save and lists newsletters as { success, newsletters }", async () => {
    const created = await postJson(newsletterAdminApi, "/api/newsletter-admin", body, bearer(adminToken));
    expect(created.status).toBe(201);
    const { newsletter } = (await created.json()) as { newsletter: Record<string, unknown> };
    expect(newsletter).toMatchObject({
      title: "Juin",
      status: "scheduled",
      scheduledDate: "2026-06-01T07:00:00.000Z",
      content: '<h1>Juin</h1><p>Salut</p><a rel="noopener noreferrer">x</a>',
    });
    const stored = await app.services.store.newsletters.findById(newsletter._id as string);
    expect(stored?.content).not.toMatch(/script|onclick|javascript/);

    const list = await getJson(newsletterAdminApi, "/api/newsletter-admin", bearer(adminToken));
    expect(await list.json()).toMatchObject({ success: true, newsletters: [{ _id: newsletter._id }] });
  });

  it("answers 400 for a missing field or a content that is only a script", async () => {
    const missing = await postJson(
      newsletterAdminApi,
      "/api/newsletter-admin",
      { ...body, subject: "" },
      bearer(adminToken),
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: NEWSLETTER_ADMIN_MESSAGES.subjectRequired });
    const onlyScript = await postJson(
      newsletterAdminApi,
      "/api/newsletter-admin",
      { ...body, content: "<script>alert(1)</script>" },
      bearer(adminToken),
    );
    expect(onlyScript.status).toBe(400);
    expect(await onlyScript.json()).toEqual({ message: NEWSLETTER_ADMIN_MESSAGES.contentRequired });
    const sentStatus = await postJson(
      newsletterAdminApi,
      "/api/newsletter-admin",
      { ...body, status: "sent" },
      bearer(adminToken),
    );
    expect(sentStatus.status).toBe(400);
  });

  it("refuses to edit or delete a sent newsletter: 409 with a message", async () => {
    const { store } = app.services;
    const newsletter = await store.newsletters.create({
      title: "Envoyée",
      subject: "S",
      content: "<p>C</p>",
      scheduledAt: new Date(Date.now() - 1000),
      status: "scheduled",
    });
    await new NewsletterSender({
      store,
      mailer: app.services.mailer,
      appUrl: origin,
      secret: app.services.config.sessionSecret,
    }).sendDue();
    expect((await store.newsletters.findById(newsletter.id))?.status).toBe("sent");

    const params = { id: newsletter.id };
    const put = await callRoute(
      newsletterAdminItemApi.action as never,
      jsonRequest(`/api/newsletter-admin/${newsletter.id}`, body, { method: "PUT", headers: bearer(adminToken) }),
      { context: app.context(), params },
    );
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({ message: NEWSLETTER_ADMIN_MESSAGES.sentLocked });
    const del = await callRoute(
      newsletterAdminItemApi.action as never,
      new Request(`${origin}/api/newsletter-admin/${newsletter.id}`, { method: "DELETE", headers: bearer(adminToken) }),
      { context: app.context(), params },
    );
    expect(del.status).toBe(409);
    expect(await del.json()).toEqual({ message: NEWSLETTER_ADMIN_MESSAGES.sentLocked });
    expect((await store.newsletters.findById(newsletter.id))?.title).toBe("Envoyée");
  });

  it("answers 404 for an unknown newsletter", async () => {
    const id = "0123456789abcdef01234567";
    const put = await callRoute(
      newsletterAdminItemApi.action as never,
      jsonRequest(`/api/newsletter-admin/${id}`, body, { method: "PUT", headers: bearer(adminToken) }),
      { context: app.context(), params: { id } },
    );
    expect(put.status).toBe(404);
    expect(await put.json()).toEqual({ message: NEWSLETTER_ADMIN_MESSAGES.notFound });
  });
});

describe("/api/newsletter/subscribe and unsubscribe", () => {
  const subscribe = (email: unknown, clientAddress = "10.0.0.1") =>
    callRoute(subscribeApi.action as never, jsonRequest("/api/newsletter/subscribe", { email, captchaToken: null }), {
      context: app.context(clientAddress),
    });

  function confirmationToken(): string {
    const link = /\/newsletter\/confirmer\?token=([\w%-]+)/.exec(app.mails.at(-1)!.text)![1]!;
    return decodeURIComponent(link);
  }

  it("answers the same for a new, a pending and a confirmed address; only the first two get a mail", async () => {
    const first = await subscribe("  Fan@Example.com ");
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: NEWSLETTER_SIGNUP_MESSAGES.success });
    expect(app.mails).toHaveLength(1);
    expect(app.mails[0]).toMatchObject({ to: "fan@example.com", subject: "Confirme ton inscription à la newsletter" });
    const firstToken = confirmationToken();

    const pending = await subscribe("fan@example.com");
    expect(await pending.json()).toEqual({ success: true, message: NEWSLETTER_SIGNUP_MESSAGES.success });
    expect(app.mails).toHaveLength(2);
    const secondToken = confirmationToken();
    // The new link replaces the old one.
    expect(await app.services.store.newsletterSubscribers.confirmByToken(hashToken(firstToken))).toBeNull();
    expect(await app.services.store.newsletterSubscribers.confirmByToken(hashToken(secondToken))).not.toBeNull();

    const known = await subscribe("fan@example.com");
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ success: true, message: NEWSLETTER_SIGNUP_MESSAGES.success });
    expect(app.mails).toHaveLength(2);
  });

  it("sends at most three confirmation mails a day to one address, still answering the same", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await subscribe("flood@example.com", `10.0.1.${attempt}`)).status).toBe(200);
    }
    expect(app.mails.filter((mail) => mail.to === "flood@example.com")).toHaveLength(3);
  });

  it.each([[""], ["sans-arobase"], ["a@b"], [{ $gt: "" }], [null]])("answers 400 for %j", async (email) => {
    const response = await subscribe(email);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: NEWSLETTER_SIGNUP_MESSAGES.emailInvalid });
  });

  it("limits sign-ups per client address (429)", async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await subscribe(`n${index}@example.com`, "10.9.9.9")).status).toBe(200);
    }
    expect((await subscribe("one-more@example.com", "10.9.9.9")).status).toBe(429);
  });

  it("keeps the sign-up and confirmation-mail budgets in the store, shared by every app process on it", async () => {
    const subscribeThrough = (context: ReturnType<typeof otherProcessContext>, email: string) =>
      callRoute(subscribeApi.action as never, jsonRequest("/api/newsletter/subscribe", { email, captchaToken: null }), {
        context,
      });
    for (let index = 0; index < 10; index += 1) {
      const context = index % 2 === 0 ? app.context("10.8.8.8") : otherProcessContext("10.8.8.8");
      expect((await subscribeThrough(context, `shared${index}@example.com`)).status).toBe(200);
    }
    expect((await subscribeThrough(otherProcessContext("10.8.8.8"), "late@example.com")).status).toBe(429);

    for (let attempt = 0; attempt < 4; attempt += 1) {
      const context = attempt % 2 === 0 ? app.context(`10.7.0.${attempt}`) : otherProcessContext(`10.7.0.${attempt}`);
      expect((await subscribeThrough(context, "shared-flood@example.com")).status).toBe(200);
    }
    expect(app.mails.filter((mail) => mail.to === "shared-flood@example.com")).toHaveLength(3);
  });

  it("unsubscribes in one click with the List-Unsubscribe POST, without an account, and answers the same again", async () => {
    const { subscriber } = await app.services.store.newsletterSubscribers.subscribe({
      email: "leaving@example.com",
      locale: "fr",
      confirmTokenHash: null,
      confirmWithAccount: false,
    });
    const oneClick = () =>
      callRoute(
        unsubscribeApi.action as never,
        new Request(
          `${origin}/api/newsletter/unsubscribe?token=${unsubscribeTokenFor(app.services.config.sessionSecret, subscriber.id)}`,
          {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          },
        ),
        { context: app.context() },
      );
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, message: NEWSLETTER_SIGNUP_MESSAGES.unsubscribed });
    expect(await app.services.store.newsletterSubscribers.findByEmail("leaving@example.com")).toBeNull();
    expect((await oneClick()).status).toBe(200);

    const noToken = await callRoute(
      unsubscribeApi.action as never,
      new Request(`${origin}/api/newsletter/unsubscribe`, { method: "POST" }),
      { context: app.context() },
    );
    expect(noToken.status).toBe(400);
    // A GET never unsubscribes.
    expect((await getJson(unsubscribeApi, `/api/newsletter/unsubscribe?token=x`)).status).toBe(405);
  });
});
