import { beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, ADMIN_REQUIRED_MESSAGE } from "~/domain/account";
import { startSession } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as newsletterAdminItemApi from "./api/newsletter-admin.$id.ts";
import * as newsletterAdminApi from "./api/newsletter-admin.ts";
import * as approveApi from "./api/reviews.users.$id.approve.ts";
import * as reviewItemApi from "./api/reviews.users.$id.ts";
import * as allReviewsApi from "./api/reviews.users.all.ts";
import * as adminNewsletterRoute from "./admin.newsletter.tsx";
import * as adminRoute from "./admin.tsx";

// The role matrix: every admin page, page action and API call, as nobody,
// as a signed-in user and as an admin. Pages send nobody to the login dialog
// and answer a user 403; page actions and the API answer 401 and 403.

const app = freshTestAppPerTest();
const origin = "http://localhost:3000";

type Who = "nobody" | "user" | "admin";
const cookies: Record<Who, string> = { nobody: "", user: "", admin: "" };
const bearers: Record<Who, string> = { nobody: "", user: "", admin: "" };
let reviewId: string;
let newsletterId: string;

beforeEach(async () => {
  const { store } = app.services;
  const user = await store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  const admin = await store.users.create({
    pseudo: "boss",
    email: "boss@example.com",
    passwordHash: "x",
    role: "admin",
  });
  for (const [who, account] of [
    ["user", user],
    ["admin", admin],
  ] as const) {
    const session = await startSession(app.context(), account.id, { remember: false });
    cookies[who] = session.setCookie.split(";")[0]!;
    bearers[who] = session.token;
  }
  reviewId = (await store.reviews.create({ userId: user.id, name: "Léa", rating: 5, comment: "Très bon outil !" })).id;
  newsletterId = (
    await store.newsletters.create({
      title: "Mai",
      subject: "Les nouveautés de mai",
      content: "<p>Bonjour</p>",
      scheduledAt: new Date("2030-05-01T08:00:00.000Z"),
      status: "draft",
    })
  ).id;
});

const pageHeaders = (who: Who): Record<string, string> => (who === "nobody" ? {} : { Cookie: cookies[who] });
const apiHeaders = (who: Who): Record<string, string> =>
  who === "nobody" ? {} : { Authorization: `Bearer ${bearers[who]}` };

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const validNewsletter = {
  title: "Juin",
  subject: "Les nouveautés de juin",
  content: "<p>Salut !</p>",
  scheduledDate: "2030-06-01T09:00",
  status: "scheduled",
};

const pages: { name: string; path: string; module: { loader: unknown }; params?: () => Record<string, string> }[] = [
  { name: "/admin (reviews)", path: "/admin", module: adminRoute },
  { name: "/admin?onglet=newsletter", path: "/admin?onglet=newsletter", module: adminRoute },
  { name: "/admin/newsletter/new", path: "/admin/newsletter/new", module: adminNewsletterRoute },
  {
    name: "/admin/newsletter/:id",
    path: "/admin/newsletter/ID",
    module: adminNewsletterRoute,
    params: () => ({ id: newsletterId }),
  },
];

describe("admin pages", () => {
  for (const page of pages) {
    const load = (who: Who) =>
      callRoute(
        page.module.loader as never,
        new Request(`${origin}${page.path.replace("ID", newsletterId)}`, { headers: pageHeaders(who) }),
        { context: app.context(), params: page.params?.() },
      );

    it(`${page.name}: nobody is sent to the login dialog on the home page`, async () => {
      const response = await load("nobody");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/?compte=login");
    });

    it(`${page.name}: a signed-in user gets 403 'Accès refusé. Privilèges admin requis.'`, async () => {
      const response = await load("user");
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ adminDenied: true, message: ADMIN_REQUIRED_MESSAGE });
    });

    it(`${page.name}: an admin gets the page`, async () => {
      const response = await load("admin");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ refused: false });
    });
  }

  it("an admin sees every review and every newsletter", async () => {
    const reviews = await callRoute(
      adminRoute.loader as never,
      new Request(`${origin}/admin`, { headers: pageHeaders("admin") }),
      { context: app.context() },
    );
    expect(await reviews.json()).toMatchObject({ tab: "avis", reviews: [{ _id: reviewId, isApproved: false }] });
    const newsletters = await callRoute(
      adminRoute.loader as never,
      new Request(`${origin}/admin?onglet=newsletter`, { headers: pageHeaders("admin") }),
      { context: app.context() },
    );
    expect(await newsletters.json()).toMatchObject({ tab: "newsletter", newsletters: [{ _id: newsletterId }] });
  });

  it("an unknown newsletter id is a 404 for an admin", async () => {
    const response = await callRoute(
      adminNewsletterRoute.loader as never,
      new Request(`${origin}/admin/newsletter/0123456789abcdef01234567`, { headers: pageHeaders("admin") }),
      { context: app.context(), params: { id: "0123456789abcdef01234567" } },
    );
    expect(response.status).toBe(404);
  });
});

interface PageAction {
  name: string;
  path: string;
  module: { action: unknown };
  fields: () => Record<string, string>;
  params?: () => Record<string, string>;
  /** What the admin's call changed, checked after it; and that nobody else's did not. */
  effect: () => Promise<unknown>;
  expected: unknown;
  unchanged: unknown;
}

const pageActions: PageAction[] = [
  {
    name: "approve a review",
    path: "/admin",
    module: adminRoute,
    fields: () => ({ intent: "approve-review", id: reviewId }),
    effect: async () => (await app.services.store.reviews.findById(reviewId))?.isApproved,
    expected: true,
    unchanged: false,
  },
  {
    name: "delete a review",
    path: "/admin",
    module: adminRoute,
    fields: () => ({ intent: "delete-review", id: reviewId }),
    effect: async () => (await app.services.store.reviews.findById(reviewId)) !== null,
    expected: false,
    unchanged: true,
  },
  {
    name: "delete a newsletter",
    path: "/admin?onglet=newsletter",
    module: adminRoute,
    fields: () => ({ intent: "delete-newsletter", id: newsletterId }),
    effect: async () => (await app.services.store.newsletters.findById(newsletterId)) !== null,
    expected: false,
    unchanged: true,
  },
  {
    name: "create a newsletter",
    path: "/admin/newsletter/new",
    module: adminNewsletterRoute,
    fields: () => ({ intent: "save", ...validNewsletter }),
    effect: async () => (await app.services.store.newsletters.list({ limit: 10 })).length,
    expected: 2,
    unchanged: 1,
  },
  {
    name: "update a newsletter",
    path: "/admin/newsletter/ID",
    module: adminNewsletterRoute,
    params: () => ({ id: newsletterId }),
    fields: () => ({ intent: "save", ...validNewsletter }),
    effect: async () => (await app.services.store.newsletters.findById(newsletterId))?.title,
    expected: "Juin",
    unchanged: "Mai",
  },
  {
    name: "preview a newsletter",
    path: "/admin/newsletter/new",
    module: adminNewsletterRoute,
    fields: () => ({ intent: "preview", content: "<p>Hop</p><script>x()</script>" }),
    effect: async () => null,
    expected: null,
    unchanged: null,
  },
];

describe("admin page actions", () => {
  for (const action of pageActions) {
    const post = (who: Who) =>
      callRoute(
        action.module.action as never,
        new Request(`${origin}${action.path.replace("ID", newsletterId)}`, {
          method: "POST",
          body: form(action.fields()),
          headers: { ...pageHeaders(who), Origin: origin },
        }),
        { context: app.context(), params: action.params?.() },
      );

    it(`${action.name}: 401 for nobody, 403 for a user, nothing changed; the admin's goes through`, async () => {
      const nobody = await post("nobody");
      expect(nobody.status).toBe(401);
      expect(await nobody.json()).toMatchObject({
        refused: true,
        notice: { ok: false, messageKey: "sessionExpired" },
      });
      const user = await post("user");
      expect(user.status).toBe(403);
      expect(await user.json()).toMatchObject({ refused: true });
      expect(await action.effect()).toEqual(action.unchanged);

      const admin = await post("admin");
      expect(admin.status).toBe(200);
      expect((await admin.json()) as object).not.toHaveProperty("refused");
      expect(await action.effect()).toEqual(action.expected);
    });
  }

  it("a refused save hands back what was typed, and the page then loads no admin data", async () => {
    const context = app.context();
    const request = new Request(`${origin}/admin/newsletter/new`, {
      method: "POST",
      body: form({ intent: "save", ...validNewsletter }),
      headers: { Origin: origin },
    });
    const answer = await callRoute(adminNewsletterRoute.action as never, request, { context });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ values: { ...validNewsletter } });
    // Without JavaScript the page's loader runs in the same request, with the same context.
    const page = await callRoute(adminNewsletterRoute.loader as never, new Request(`${origin}/admin/newsletter/new`), {
      context,
    });
    expect(page.status).toBe(200);
    const body = (await page.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ refused: true });
    expect(body).not.toHaveProperty("newsletters");
  });
});

interface ApiCall {
  name: string;
  module: { loader?: unknown; action?: unknown };
  handler: "loader" | "action";
  method: string;
  path: () => string;
  params?: () => Record<string, string>;
  body?: unknown;
  adminStatus: number;
}

const apiCalls: ApiCall[] = [
  {
    name: "GET /api/reviews/users/all",
    module: allReviewsApi,
    handler: "loader",
    method: "GET",
    path: () => "/api/reviews/users/all",
    adminStatus: 200,
  },
  {
    name: "PUT /api/reviews/users/:id/approve",
    module: approveApi,
    handler: "action",
    method: "PUT",
    path: () => `/api/reviews/users/${reviewId}/approve`,
    params: () => ({ id: reviewId }),
    adminStatus: 200,
  },
  {
    name: "DELETE /api/reviews/users/:id",
    module: reviewItemApi,
    handler: "action",
    method: "DELETE",
    path: () => `/api/reviews/users/${reviewId}`,
    params: () => ({ id: reviewId }),
    adminStatus: 200,
  },
  {
    name: "GET /api/newsletter-admin",
    module: newsletterAdminApi,
    handler: "loader",
    method: "GET",
    path: () => "/api/newsletter-admin",
    adminStatus: 200,
  },
  {
    name: "POST /api/newsletter-admin",
    module: newsletterAdminApi,
    handler: "action",
    method: "POST",
    path: () => "/api/newsletter-admin",
    body: validNewsletter,
    adminStatus: 201,
  },
  {
    name: "GET /api/newsletter-admin/:id",
    module: newsletterAdminItemApi,
    handler: "loader",
    method: "GET",
    path: () => `/api/newsletter-admin/${newsletterId}`,
    params: () => ({ id: newsletterId }),
    adminStatus: 200,
  },
  {
    name: "PUT /api/newsletter-admin/:id",
    module: newsletterAdminItemApi,
    handler: "action",
    method: "PUT",
    path: () => `/api/newsletter-admin/${newsletterId}`,
    params: () => ({ id: newsletterId }),
    body: validNewsletter,
    adminStatus: 200,
  },
  {
    name: "DELETE /api/newsletter-admin/:id",
    module: newsletterAdminItemApi,
    handler: "action",
    method: "DELETE",
    path: () => `/api/newsletter-admin/${newsletterId}`,
    params: () => ({ id: newsletterId }),
    adminStatus: 200,
  },
];

describe("admin API", () => {
  for (const call of apiCalls) {
    const send = (who: Who) =>
      callRoute(
        call.module[call.handler] as never,
        new Request(`${origin}${call.path()}`, {
          method: call.method,
          headers: { ...apiHeaders(who), ...(call.body ? { "Content-Type": "application/json" } : {}) },
          body: call.body ? JSON.stringify(call.body) : undefined,
        }),
        { context: app.context(), params: call.params?.() },
      );

    it(`${call.name}: 401 for nobody, 403 for a user, ${call.adminStatus} for an admin`, async () => {
      const nobody = await send("nobody");
      expect(nobody.status).toBe(401);
      expect(await nobody.json()).toEqual({ message: ACCOUNT_MESSAGES.notSignedIn });
      const user = await send("user");
      expect(user.status).toBe(403);
      expect(await user.json()).toEqual({ message: ADMIN_REQUIRED_MESSAGE });
      // Nothing happened on their behalf.
      expect(await app.services.store.reviews.findById(reviewId)).toMatchObject({ isApproved: false });
      expect((await app.services.store.newsletters.list({ limit: 10 })).map((each) => each.title)).toEqual(["Mai"]);

      const admin = await send("admin");
      expect(admin.status).toBe(call.adminStatus);
      expect(await admin.json()).toMatchObject({ success: true });
    });
  }

  it("also accepts the session cookie, as the admin pages' JavaScript sends it", async () => {
    const response = await callRoute(
      allReviewsApi.loader as never,
      new Request(`${origin}/api/reviews/users/all`, { headers: { Cookie: cookies.admin } }),
      { context: app.context() },
    );
    expect(response.status).toBe(200);
  });
});
