import { describe, expect, it } from "vitest";
import { readAccountFlash } from "~/lib/account-flash.server";
import { hashPassword } from "~/services/auth/passwords.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { listApprovedReviews } from "~/services/reviews.server";
import { multipartRequest, smallPng } from "~/testing/images";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as loginRoute from "./api/login.ts";
import * as exportRoute from "./mon-compte.export.ts";
import * as photoRoute from "./mon-compte.photo.ts";
import * as myAccountRoute from "./mon-compte.tsx";

// /mon-compte without JavaScript: every form posts to the page's action; a
// refusal renders the page with it (4xx), a success redirects back with a
// flash for one view.

const app = freshTestAppPerTest();
const origin = "http://localhost:3000";
const PASSWORD = "motdepasse-123";

async function signedIn(pseudo = "lea") {
  const user = await app.services.store.users.create({
    pseudo,
    email: `${pseudo}@example.test`,
    passwordHash: await hashPassword(PASSWORD),
    emailVerifiedAt: new Date(),
  });
  const login = await callRoute(
    loginRoute.action as never,
    jsonRequest("/api/login", { identifier: pseudo, password: PASSWORD }),
    { context: app.context() },
  );
  return { user, cookie: login.headers.get("Set-Cookie")!.split(";")[0]! };
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

function post(cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request(`${origin}/mon-compte`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: origin },
  });
  return callRoute(myAccountRoute.action as never, request, { context: app.context() });
}

function page(cookie: string | null, path = "/mon-compte") {
  return callRoute(
    myAccountRoute.loader as never,
    new Request(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    { context: app.context() },
  );
}

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

describe("/mon-compte", () => {
  it("gives a visitor the login view over the page", async () => {
    const away = await page(null);
    expect(away.status).toBe(302);
    expect(away.headers.get("Location")).toBe("/mon-compte?compte=login");
    const withDialog = await page(null, "/mon-compte?compte=login");
    expect(withDialog.status).toBe(200);
    expect(await json(withDialog)).toMatchObject({ title: "Mon compte", account: null });
  });

  it("shows who you are, never cached", async () => {
    const { user, cookie } = await signedIn();
    const response = await page(cookie);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await json(response)).toMatchObject({
      account: {
        pseudo: "lea",
        email: "lea@example.test",
        emailVerified: true,
        memberSince: user.createdAt.toISOString(),
        newsletter: "none",
        pendingEmail: null,
        photo: null,
      },
      flash: null,
    });
  });

  it("renders a refused form with its message and field, and keeps the address typed (never a password)", async () => {
    const { cookie } = await signedIn();
    const refused = await post(cookie, {
      intent: "password",
      currentPassword: "faux",
      newPassword: "nouveau-mdp-1",
      confirmation: "nouveau-mdp-1",
    });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({
      section: "password",
      ok: false,
      message: "Mot de passe incorrect.",
      field: "currentPassword",
    });
    const email = await post(cookie, { intent: "email", email: "  pas-une-adresse ", password: PASSWORD });
    expect(email.status).toBe(400);
    expect(await json(email)).toEqual({
      section: "email",
      ok: false,
      message: "Email invalide.",
      field: "email",
      values: { email: "pas-une-adresse" },
    });
  });

  it("answers a success with a redirect back to its card, and the message for one view", async () => {
    const { cookie } = await signedIn();
    const done = await post(cookie, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: "nouveau-mdp-1",
      confirmation: "nouveau-mdp-1",
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/mon-compte#password");
    const flashCookie = cookiesOf(done);
    const next = await page(`${cookie}; ${flashCookie}`);
    expect(await json(next)).toMatchObject({
      flash: {
        section: "password",
        ok: true,
        message: "Mot de passe modifié. Tes autres appareils ont été déconnectés.",
      },
    });
    expect(next.headers.get("Set-Cookie")).toMatch(/^dynami_my_account_flash=;.*Max-Age=0/);

    const subscribed = await post(cookie, { intent: "newsletter", subscribed: "true" });
    expect(subscribed.headers.get("Location")).toBe("/mon-compte#newsletter");
    expect(await json(await page(cookie))).toMatchObject({ account: { newsletter: "subscribed" } });
  });

  it("logs out everywhere, then shows the login view with what happened", async () => {
    const { cookie } = await signedIn();
    const response = await post(cookie, { intent: "logout-all" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/?compte=login");
    const cookies = cookiesOf(response);
    expect(cookies).toMatch(/dynami_session=(;|$)/);
    const request = new Request(`${origin}/`, { headers: { Cookie: cookies } });
    expect((await readAccountFlash(app.context(), request)).flash).toMatchObject({
      view: "login",
      intent: "logout",
      ok: true,
      message: { key: "loggedOutEverywhere" },
    });
    expect(await getCurrentUser(app.context(), new Request(origin, { headers: { Cookie: cookie } }))).toBeNull();
  });

  it("deletes the account only with the password and the ticked box", async () => {
    const { user, cookie } = await signedIn();
    const unticked = await post(cookie, { intent: "delete", password: PASSWORD });
    expect(unticked.status).toBe(400);
    expect(await json(unticked)).toMatchObject({
      field: "confirm",
      message: "Coche la case pour confirmer la suppression.",
    });
    expect(await app.services.store.users.findById(user.id)).not.toBeNull();

    const deleted = await post(cookie, { intent: "delete", password: PASSWORD, confirm: "on" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/mon-compte/supprime#contenu");
    expect(deleted.headers.get("Set-Cookie")).toMatch(/^dynami_session=;/);
    expect(await app.services.store.users.findById(user.id)).toBeNull();
  });

  it("takes the deleted account's reviews off the public list at once", async () => {
    const { user, cookie } = await signedIn();
    const review = await app.services.store.reviews.create({
      userId: user.id,
      name: "lea",
      rating: 5,
      comment: "Au revoir",
    });
    await app.services.store.reviews.approve(review.id);
    expect((await listApprovedReviews(app.services)).map((shown) => shown.comment)).toEqual(["Au revoir"]);

    const deleted = await post(cookie, { intent: "delete", password: PASSWORD, confirm: "on" });
    expect(deleted.status).toBe(303);
    expect(await listApprovedReviews(app.services)).toEqual([]);
  });

  it("refuses an unknown form", async () => {
    const { cookie } = await signedIn();
    const response = await post(cookie, { intent: "nope" });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ ok: false, message: "Requête invalide." });
  });
});

describe("/mon-compte/export", () => {
  it("downloads for the signed-in user, and comes back to the page once the exports are used up", async () => {
    const { cookie } = await signedIn();
    const get = () =>
      callRoute(
        exportRoute.loader as never,
        new Request(`${origin}/mon-compte/export?format=history-csv`, { headers: { Cookie: cookie } }),
        { context: app.context() },
      );
    const file = await get();
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="dynami-lea-.*-historique\.csv"$/);
    for (let index = 0; index < 9; index += 1) await get();
    const refused = await get();
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/mon-compte#data");
    expect(await json(await page(`${cookie}; ${cookiesOf(refused)}`))).toMatchObject({
      flash: { section: "data", ok: false, message: expect.stringMatching(/^Trop de tentatives/) },
    });
  });
});

describe("/mon-compte/photo without JavaScript", () => {
  it("stores a photo through the dashboard's service, then removes it", async () => {
    const { user, cookie } = await signedIn();
    const send = (fields: Record<string, string>, file: Parameters<typeof multipartRequest>[1]) =>
      callRoute(
        photoRoute.action as never,
        multipartRequest("/mon-compte/photo", file, fields, { headers: { Cookie: cookie, Origin: origin } }),
        { context: app.context() },
      );
    const uploaded = await send({ intent: "upload" }, { name: "moi.png", type: "image/png", bytes: await smallPng() });
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe("/mon-compte#photo");
    const shown = await json(await page(`${cookie}; ${cookiesOf(uploaded)}`));
    expect(shown).toMatchObject({
      account: { photo: expect.stringMatching(new RegExp(`^/photos/${user.id}/[0-9a-f]{32}\\.webp$`)) },
      flash: { section: "photo", ok: true, message: "Photo mise à jour avec succès" },
    });

    const missing = await send({ intent: "upload" }, null);
    expect(await json(await page(`${cookie}; ${cookiesOf(missing)}`))).toMatchObject({
      flash: { ok: false, message: "Choisis une photo (JPG, PNG, GIF ou WEBP)." },
    });

    const removed = await send({ intent: "delete" }, null);
    expect(await json(await page(`${cookie}; ${cookiesOf(removed)}`))).toMatchObject({
      account: { photo: null },
      flash: { ok: true, message: "Photo supprimée avec succès" },
    });
    expect(await app.services.store.photos.findForUser(user.id)).toBeNull();
  });
});
