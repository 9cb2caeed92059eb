import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join as joinPath } from "node:path";
import { describe, expect, it } from "vitest";
import { PASSWORD_CHECK_LIMITS } from "~/domain/my-account";
import { hashPassword } from "~/services/auth/passwords.server";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as emailConfirmRoute from "../mon-compte.email.tsx";
import * as loginRoute from "./login.ts";
import * as forgotRoute from "./forgot-password.ts";
import * as resetRoute from "./reset-password.ts";
import * as meEmailRoute from "./me.email.ts";
import * as meExportRoute from "./me.export.ts";
import * as meLogoutAllRoute from "./me.logout-all.ts";
import * as meNewsletterRoute from "./me.newsletter.ts";
import * as mePasswordRoute from "./me.password.ts";
import * as meRoute from "./me.ts";

// The /api/me routes of My account, through the root middleware as the
// server runs them, on a real (in-memory SQLite) store.

const app = freshTestAppPerTest();
const PASSWORD = "motdepasse-123";

type Handler = { action?: unknown; loader?: unknown };

function call(module: Handler, url: string, init: RequestInit & { json?: unknown } = {}) {
  const { json: body, ...rest } = init;
  const method = rest.method ?? (body === undefined ? "GET" : "POST");
  const request =
    body === undefined
      ? new Request(`http://localhost:3000${url}`, { ...rest, method })
      : jsonRequest(url, body, { ...rest, method });
  const handler = method === "GET" ? module.loader : module.action;
  return callRoute(handler as never, request, { context: app.context() });
}

async function logIn(identifier: string, password = PASSWORD) {
  const response = await callRoute(
    loginRoute.action as never,
    jsonRequest("/api/login", { identifier, password, remember: true }),
    { context: app.context() },
  );
  return {
    status: response.status,
    token: response.ok ? ((await response.json()) as { token: string }).token : null,
    cookie: response.headers.get("Set-Cookie")?.split(";")[0] ?? null,
  };
}

/** A verified account and a signed-in session of it. */
async function member(pseudo: string, options: { email?: string; locale?: string } = {}) {
  const user = await app.services.store.users.create({
    pseudo,
    email: options.email ?? `${pseudo}@example.test`,
    passwordHash: await hashPassword(PASSWORD),
    emailVerifiedAt: new Date(),
    locale: options.locale ?? "fr",
  });
  const { token, cookie } = await logIn(pseudo);
  return { user, token: token!, cookie: cookie!, auth: { Authorization: `Bearer ${token}` } };
}

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

const mailsTo = (address: string) => app.mails.filter((mail) => mail.to === address);
const linkIn = (text: string, path: string) => new RegExp(`${path}\\?token=([\\w%-]+)`).exec(text)?.[1];

describe("every /api/me route", () => {
  it("answers 401 without a session, in the request's language", async () => {
    for (const [module, url, method] of [
      [mePasswordRoute, "/api/me/password", "POST"],
      [meEmailRoute, "/api/me/email", "POST"],
      [meLogoutAllRoute, "/api/me/logout-all", "POST"],
      [meNewsletterRoute, "/api/me/newsletter", "POST"],
      [meExportRoute, "/api/me/export", "GET"],
      [meRoute, "/api/me", "DELETE"],
    ] as const) {
      const french = await call(module, url, { method, json: method === "GET" ? undefined : {} });
      expect(french.status, url).toBe(401);
      expect(await json(french)).toEqual({ message: "Non connecté. Connecte-toi d'abord." });
      const english = await call(module, url, {
        method,
        json: method === "GET" ? undefined : {},
        headers: { "Accept-Language": "en-GB,en;q=0.8" },
      });
      expect(await json(english)).toEqual({ message: "Not logged in. Log in first." });
    }
  });

  it("refuses a write with the session cookie from another site, and takes it from this one", async () => {
    const lea = await member("lea");
    const foreign = await call(meLogoutAllRoute, "/api/me/logout-all", {
      method: "POST",
      headers: { Cookie: lea.cookie, Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await logIn("lea")).status).toBe(200);
    const same = await call(meNewsletterRoute, "/api/me/newsletter", {
      json: { subscribed: true },
      headers: { Cookie: lea.cookie, Origin: "http://localhost:3000" },
    });
    expect(same.status).toBe(200);
  });
});

describe("POST /api/me/password", () => {
  it("changes the password: the old one is refused, other sessions end, this one stays, the owner is told", async () => {
    const lea = await member("lea");
    const elsewhere = await logIn("lea");
    await app.services.store.verifications.create({
      userId: lea.user.id,
      purpose: "reset",
      tokenHash: "f".repeat(64),
      expiresAt: new Date(Date.now() + 60_000),
    });

    const response = await call(mePasswordRoute, "/api/me/password", {
      json: { currentPassword: PASSWORD, newPassword: "  un nouveau mot  " },
      headers: lea.auth,
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      success: true,
      message: "Mot de passe modifié. Tes autres appareils ont été déconnectés.",
    });

    expect((await logIn("lea")).status).toBe(401);
    // Surrounding spaces are kept as typed.
    expect((await logIn("lea", "  un nouveau mot  ")).status).toBe(200);
    expect((await call(meRoute, "/api/me", { headers: lea.auth })).status).toBe(200);
    expect((await call(meRoute, "/api/me", { headers: { Authorization: `Bearer ${elsewhere.token}` } })).status).toBe(
      401,
    );
    expect(await app.services.store.verifications.findValidByTokenHash("f".repeat(64), "reset")).toBeNull();
    const [mail] = mailsTo("lea@example.test");
    expect(mail).toMatchObject({ subject: "Ton mot de passe a été modifié", userId: lea.user.id });
    expect(mail!.text).toContain("Réinitialiser mon mot de passe : http://localhost:3000/?compte=forgot");
  });

  it("refuses a wrong current password with a 4xx in the request's language, and changes nothing", async () => {
    const lea = await member("lea");
    const before = await app.services.store.users.findById(lea.user.id);
    const refused = await call(mePasswordRoute, "/api/me/password", {
      json: { currentPassword: "pas-le-bon", newPassword: "nouveau-mdp-1" },
      headers: { ...lea.auth, "Accept-Language": "de" },
    });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: "Falsches Passwort.", field: "currentPassword" });
    expect((await app.services.store.users.findById(lea.user.id))?.passwordHash).toBe(before?.passwordHash);
    expect((await logIn("lea")).status).toBe(200);
    expect(app.mails).toHaveLength(0);
  });

  it("applies the sign-up rules to the new password and names the field", async () => {
    const lea = await member("lea");
    const short = await call(mePasswordRoute, "/api/me/password", {
      json: { currentPassword: PASSWORD, newPassword: "  court  " },
      headers: lea.auth,
    });
    expect(short.status).toBe(400);
    expect(await json(short)).toEqual({ message: "8 caractères minimum.", field: "newPassword" });
    const operator = await call(mePasswordRoute, "/api/me/password", {
      json: { currentPassword: { $gt: "" }, newPassword: "nouveau-mdp-1" },
      headers: { ...lea.auth, "Accept-Language": "es" },
    });
    expect(operator.status).toBe(400);
    expect(await json(operator)).toEqual({ message: "Solicitud no válida." });
  });

  it("counts wrong passwords per account: past the limit even the right one waits, other accounts do not", async () => {
    const lea = await member("lea");
    const max = await member("max");
    for (let attempt = 0; attempt < PASSWORD_CHECK_LIMITS.failuresPerAccount; attempt += 1) {
      const wrong = await call(mePasswordRoute, "/api/me/password", {
        json: { currentPassword: `faux-${attempt}`, newPassword: "nouveau-mdp-1" },
        headers: lea.auth,
      });
      expect(wrong.status).toBe(403);
    }
    const limited = await call(mePasswordRoute, "/api/me/password", {
      json: { currentPassword: PASSWORD, newPassword: "nouveau-mdp-1" },
      headers: lea.auth,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json(limited)).message).toMatch(/^Trop de tentatives\. Réessaie dans \d+ minutes?\.$/);
    const other = await call(mePasswordRoute, "/api/me/password", {
      json: { currentPassword: PASSWORD, newPassword: "nouveau-mdp-1" },
      headers: max.auth,
    });
    expect(other.status).toBe(200);
  });
});

describe("POST /api/me/email", () => {
  async function confirm(token: string) {
    const form = new FormData();
    form.set("token", token);
    const response = await callRoute(
      emailConfirmRoute.action as never,
      new Request("http://localhost:3000/mon-compte/email", { method: "POST", body: form }),
      { context: app.context() },
    );
    return { status: response.status, body: await json(response) };
  }

  it("sends a link to the new address, tells the old one, and only the link changes the address", async () => {
    const lea = await member("lea");
    const response = await call(meEmailRoute, "/api/me/email", {
      json: { email: " Lea.Neuve@Example.TEST ", password: PASSWORD },
      headers: lea.auth,
    });
    expect(response.status).toBe(202);
    expect(await json(response)).toEqual({
      success: true,
      message:
        "Un lien de confirmation a été envoyé à lea.neuve@example.test. Ton adresse change dès que tu ouvres ce lien.",
    });
    const [confirmation] = mailsTo("lea.neuve@example.test");
    expect(confirmation).toMatchObject({ subject: "Confirme ta nouvelle adresse e-mail", userId: lea.user.id });
    const [notice] = mailsTo("lea@example.test");
    expect(notice).toMatchObject({ subject: "Changement d'adresse e-mail demandé" });
    expect(notice!.text).toContain("lea.neuve@example.test");
    // Not yet: the old address still signs in, the new one does not.
    expect((await app.services.store.users.findById(lea.user.id))?.email).toBe("lea@example.test");
    expect((await logIn("lea.neuve@example.test")).status).toBe(401);

    const token = decodeURIComponent(linkIn(confirmation!.text, "/mon-compte/email")!);
    expect(await confirm(token)).toEqual({
      status: 200,
      body: { ok: true, message: "Adresse e-mail modifiée : c'est désormais lea.neuve@example.test." },
    });
    const changed = await app.services.store.users.findById(lea.user.id);
    expect(changed).toMatchObject({ email: "lea.neuve@example.test" });
    expect(changed?.emailVerifiedAt).not.toBeNull();
    expect((await logIn("lea.neuve@example.test")).status).toBe(200);
    expect((await logIn("lea@example.test")).status).toBe(401);
    expect(await confirm(token)).toEqual({ status: 400, body: { ok: false, message: "Lien invalide ou expiré." } });
  });

  it("answers an address that has an account the same way, tells its owner, and sends it no link", async () => {
    const lea = await member("lea");
    await member("max", { email: "max@example.test", locale: "en" });
    const response = await call(meEmailRoute, "/api/me/email", {
      json: { email: "MAX@example.test", password: PASSWORD },
      headers: lea.auth,
    });
    expect(response.status).toBe(202);
    expect((await json(response)).message).toBe(
      "Un lien de confirmation a été envoyé à max@example.test. Ton adresse change dès que tu ouvres ce lien.",
    );
    const toMax = mailsTo("max@example.test");
    expect(toMax).toHaveLength(1);
    expect(toMax[0]).toMatchObject({ subject: "Someone tried to use your address" });
    expect(toMax[0]!.text).not.toContain("/mon-compte/email?token=");
    expect(await app.services.store.emailChanges.findPendingForUser(lea.user.id)).toBeNull();
  });

  it("refuses the current address, a wrong password (nothing sent) and says which field", async () => {
    const lea = await member("lea");
    const same = await call(meEmailRoute, "/api/me/email", {
      json: { email: "LEA@example.test", password: PASSWORD },
      headers: lea.auth,
    });
    expect(same.status).toBe(400);
    expect(await json(same)).toEqual({ message: "C'est déjà l'adresse e-mail de ton compte.", field: "email" });
    const wrong = await call(meEmailRoute, "/api/me/email", {
      json: { email: "neuve@example.test", password: "faux" },
      headers: { ...lea.auth, "Accept-Language": "en" },
    });
    expect(wrong.status).toBe(403);
    expect(await json(wrong)).toEqual({ message: "Wrong password.", field: "password" });
    expect(app.mails).toHaveLength(0);
  });

  it("refuses the link once the address was taken by a sign-up in between", async () => {
    const lea = await member("lea");
    await call(meEmailRoute, "/api/me/email", {
      json: { email: "neuve@example.test", password: PASSWORD },
      headers: lea.auth,
    });
    const token = decodeURIComponent(linkIn(mailsTo("neuve@example.test")[0]!.text, "/mon-compte/email")!);
    await member("neuve", { email: "neuve@example.test" });
    expect(await confirm(token)).toEqual({
      status: 409,
      body: { ok: false, message: "Cette adresse e-mail est déjà utilisée par un autre compte." },
    });
    expect((await app.services.store.users.findById(lea.user.id))?.email).toBe("lea@example.test");
  });

  it("drops a pending change on DELETE, and when the owner resets the password", async () => {
    const lea = await member("lea");
    const request = () =>
      call(meEmailRoute, "/api/me/email", {
        json: { email: "neuve@example.test", password: PASSWORD },
        headers: lea.auth,
      });
    await request();
    const cancelled = await call(meEmailRoute, "/api/me/email", { method: "DELETE", headers: lea.auth });
    expect(await json(cancelled)).toEqual({ success: true, message: "Changement d'adresse annulé." });
    expect(await app.services.store.emailChanges.findPendingForUser(lea.user.id)).toBeNull();

    await request();
    const token = decodeURIComponent(linkIn(mailsTo("neuve@example.test").at(-1)!.text, "/mon-compte/email")!);
    await callRoute(forgotRoute.action as never, jsonRequest("/api/forgot-password", { email: "lea@example.test" }), {
      context: app.context(),
    });
    const resetToken = decodeURIComponent(linkIn(mailsTo("lea@example.test").at(-1)!.text, "/reset-password")!);
    const reset = await callRoute(
      resetRoute.action as never,
      jsonRequest("/api/reset-password", { token: resetToken, password: "repris-en-main" }),
      { context: app.context() },
    );
    expect(reset.status).toBe(200);
    expect(await confirm(token)).toMatchObject({ status: 400 });
  });

  it("drops a pending change when the owner takes the account back: a new password, log out everywhere, a reset; the owner's mail says so", async () => {
    const takeBack = {
      password: async (lea: Awaited<ReturnType<typeof member>>) =>
        call(mePasswordRoute, "/api/me/password", {
          json: { currentPassword: PASSWORD, newPassword: "nouveau-mdp-456" },
          headers: lea.auth,
        }),
      logoutAll: async (lea: Awaited<ReturnType<typeof member>>) =>
        call(meLogoutAllRoute, "/api/me/logout-all", { method: "POST", headers: lea.auth }),
      reset: async (lea: Awaited<ReturnType<typeof member>>) => {
        await callRoute(forgotRoute.action as never, jsonRequest("/api/forgot-password", { email: lea.user.email }), {
          context: app.context(),
        });
        const resetToken = decodeURIComponent(linkIn(mailsTo(lea.user.email).at(-1)!.text, "/reset-password")!);
        return callRoute(
          resetRoute.action as never,
          jsonRequest("/api/reset-password", { token: resetToken, password: "repris-en-main" }),
          { context: app.context() },
        );
      },
    };
    for (const [name, action] of Object.entries(takeBack)) {
      const lea = await member(`lea-${name.toLowerCase()}`);
      const newEmail = `voleur-${name.toLowerCase()}@example.test`;
      await call(meEmailRoute, "/api/me/email", { json: { email: newEmail, password: PASSWORD }, headers: lea.auth });
      const token = decodeURIComponent(linkIn(mailsTo(newEmail).at(-1)!.text, "/mon-compte/email")!);
      const mailsBefore = mailsTo(lea.user.email).length;

      expect((await action(lea)).status).toBe(200);
      expect(await app.services.store.emailChanges.findPendingForUser(lea.user.id)).toBeNull();
      expect(await confirm(token)).toMatchObject({ status: 400 });
      expect((await app.services.store.users.findById(lea.user.id))?.email).toBe(lea.user.email);
      const told = mailsTo(lea.user.email)
        .slice(mailsBefore)
        .filter((mail) =>
          mail.text.includes(`la demande de remplacer ton adresse e-mail par ${newEmail} a été annulée`),
        );
      expect(told).toHaveLength(1);
    }

    // Nothing pending: a new password's mail says nothing of it, and logging out everywhere sends none.
    const max = await member("max");
    await takeBack.password(max);
    expect(mailsTo(max.user.email).at(-1)!.text).not.toContain("annulée");
    const mailsBefore = app.mails.length;
    await takeBack.logoutAll(await member("zoe"));
    expect(app.mails.length).toBe(mailsBefore);
  });

  it("moves a confirmed newsletter subscription to the new address", async () => {
    const lea = await member("lea");
    await call(meNewsletterRoute, "/api/me/newsletter", { json: { subscribed: true }, headers: lea.auth });
    await call(meEmailRoute, "/api/me/email", {
      json: { email: "neuve@example.test", password: PASSWORD },
      headers: lea.auth,
    });
    await confirm(decodeURIComponent(linkIn(mailsTo("neuve@example.test")[0]!.text, "/mon-compte/email")!));
    const subscribers = app.services.store.newsletterSubscribers;
    expect(await subscribers.findByEmail("lea@example.test")).toBeNull();
    expect((await subscribers.findByEmail("neuve@example.test"))?.confirmedAt).not.toBeNull();
  });
});

describe("POST /api/me/newsletter", () => {
  it("subscribes (confirmed at once: the address is verified) and unsubscribes in one call each", async () => {
    const lea = await member("lea");
    const state = async () =>
      (await json(await call(meNewsletterRoute, "/api/me/newsletter", { headers: lea.auth }))).state;
    expect(await state()).toBe("none");
    const subscribed = await call(meNewsletterRoute, "/api/me/newsletter", {
      json: { subscribed: true },
      headers: lea.auth,
    });
    expect(await json(subscribed)).toEqual({
      success: true,
      message: "Tu es inscrit à la newsletter.",
      state: "subscribed",
    });
    expect(app.mails).toHaveLength(0);
    const unsubscribed = await call(meNewsletterRoute, "/api/me/newsletter", {
      json: { subscribed: false },
      headers: lea.auth,
    });
    expect(await json(unsubscribed)).toMatchObject({ state: "none" });
    const invalid = await call(meNewsletterRoute, "/api/me/newsletter", {
      json: { subscribed: "yes" },
      headers: lea.auth,
    });
    expect(invalid.status).toBe(400);
  });

  it("confirms a subscription still waiting for its mail's link", async () => {
    const lea = await member("lea");
    await app.services.store.newsletterSubscribers.subscribe({
      email: "lea@example.test",
      locale: "fr",
      confirmTokenHash: "a".repeat(64),
      confirmWithAccount: false,
    });
    expect((await json(await call(meNewsletterRoute, "/api/me/newsletter", { headers: lea.auth }))).state).toBe(
      "pending",
    );
    await call(meNewsletterRoute, "/api/me/newsletter", { json: { subscribed: true }, headers: lea.auth });
    expect(
      (await app.services.store.newsletterSubscribers.findByEmail("lea@example.test"))?.confirmedAt,
    ).not.toBeNull();
  });
});

describe("POST /api/me/logout-all", () => {
  it("ends every session of the account, the caller's included, and clears the cookie", async () => {
    const lea = await member("lea");
    const other = await logIn("lea");
    const max = await member("max");
    const response = await call(meLogoutAllRoute, "/api/me/logout-all", { method: "POST", headers: lea.auth });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true, message: "Tu es déconnecté de tous tes appareils." });
    expect(response.headers.get("Set-Cookie")).toMatch(/^dynami_session=; .*Max-Age=0/);
    for (const token of [lea.token, other.token]) {
      expect((await call(meRoute, "/api/me", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    }
    expect((await call(meRoute, "/api/me", { headers: max.auth })).status).toBe(200);
  });
});

describe("DELETE /api/me", () => {
  it("refuses a wrong password and removes nothing", async () => {
    const lea = await member("lea");
    const refused = await call(meRoute, "/api/me", { method: "DELETE", json: { password: "faux" }, headers: lea.auth });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ message: "Mot de passe incorrect.", field: "password" });
    expect(await app.services.store.users.findById(lea.user.id)).not.toBeNull();
    expect((await call(meRoute, "/api/me", { headers: lea.auth })).status).toBe(200);
  });

  it("removes the mail files written for the account (no SMTP), and only those", async () => {
    const lea = await member("lea");
    const { mailDir } = app.services.config;
    mkdirSync(mailDir, { recursive: true });
    const eml = (to: string) => `To: ${to}\r\nSubject: Test\r\nContent-Type: text/plain\r\n\r\nBonjour\r\n`;
    writeFileSync(joinPath(mailDir, "2026-01-01-a.eml"), eml("lea@example.test"));
    writeFileSync(joinPath(mailDir, "2026-01-01-b.eml"), eml("Léa <LEA@example.test>"));
    writeFileSync(joinPath(mailDir, "2026-01-01-c.eml"), eml("max@example.test"));
    const response = await call(meRoute, "/api/me", {
      method: "DELETE",
      json: { password: PASSWORD },
      headers: lea.auth,
    });
    expect(response.status).toBe(200);
    expect(readdirSync(mailDir).toSorted()).toEqual(["2026-01-01-c.eml"]);
  });

  it("deletes the account: login refused, everything gone, one last mail, the pseudo and the address free", async () => {
    const lea = await member("lea");
    await app.services.store.history.add({ userId: lea.user.id, action: "IMC_CALC", meta: { imc: 22 } });
    await call(meNewsletterRoute, "/api/me/newsletter", { json: { subscribed: true }, headers: lea.auth });
    await call(mePasswordRoute, "/api/me/password", {
      json: { currentPassword: PASSWORD, newPassword: PASSWORD },
      headers: lea.auth,
    });
    const response = await call(meRoute, "/api/me", {
      method: "DELETE",
      json: { password: PASSWORD },
      headers: lea.auth,
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      success: true,
      message: "Ton compte et toutes tes données ont été supprimés.",
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/^dynami_session=; .*Max-Age=0/);

    expect((await logIn("lea")).status).toBe(401);
    expect((await call(meRoute, "/api/me", { headers: lea.auth })).status).toBe(401);
    const { store } = app.services;
    expect(await store.users.findByEmailOrPseudo("lea")).toBeNull();
    expect(await store.history.listForUser(lea.user.id)).toEqual([]);
    expect(await store.newsletterSubscribers.findByEmail("lea@example.test")).toBeNull();
    // The password-changed mail waiting in the outbox went with the account; the farewell is all that is left.
    const outbox = (await store.outbox.list({ limit: 50 })).filter((mail) => mail.to === "lea@example.test");
    expect(outbox.map((mail) => mail.subject)).toEqual(["Ton compte Dynami a été supprimé"]);
    expect(outbox[0]!.text).not.toContain("http");

    const again = await member("lea", { email: "lea@example.test" });
    expect(again.user.id).not.toBe(lea.user.id);
  });
});

describe("GET /api/me/export", () => {
  it("downloads the JSON file by default, and the CSV files in the request's conventions", async () => {
    const lea = await member("lea");
    await app.services.store.history.add({
      userId: lea.user.id,
      action: "IMC_CALC",
      meta: { poids: 72.5, taille: 180, imc: 22.4, categorie: "Poids normal", date: "2026-01-01T00:00:00.000Z" },
    });
    const file = await call(meExportRoute, "/api/me/export", { headers: lea.auth });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="dynami-lea-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    expect((await file.json()) as object).toMatchObject({
      account: { pseudo: "lea" },
      history: [{ action: "IMC_CALC" }],
    });

    const english = await call(meExportRoute, "/api/me/export?format=history-csv", {
      headers: { ...lea.auth, "Accept-Language": "en" },
    });
    expect(english.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [header, row] = (await english.text()).split("\r\n");
    expect(header).toBe(
      "Date (UTC),Type,Weight (kg),Height (cm),BMI,Category,Sex,Age,Formula,Body fat (%),Activity,Goal,Calories (kcal/day)",
    );
    expect(row).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},BMI,72\.5,180,22\.4,Poids normal,,,,,,,$/);
    const french = await call(meExportRoute, "/api/me/export?format=history-csv", { headers: lea.auth });
    expect((await french.text()).split("\r\n")[1]).toMatch(/;IMC;72,5;180;22,4;Poids normal;/);
    const workouts = await call(meExportRoute, "/api/me/export?format=workouts-csv", { headers: lea.auth });
    const bytes = new Uint8Array(await workouts.arrayBuffer());
    // The byte order mark first, so a spreadsheet reads the accents as UTF-8.
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split("\r\n")[0]).toBe(
      "Date (UTC);Séance;Exercice;Série;Charge (kg);Répétitions;Repos (s);Durée (s);Distance (km);Intensité (1-10);Notes",
    );
  });

  it("refuses an unknown format, and more than the exports of a quarter hour", async () => {
    const lea = await member("lea");
    const unknown = await call(meExportRoute, "/api/me/export?format=xml", { headers: lea.auth });
    expect(unknown.status).toBe(400);
    expect(await json(unknown)).toEqual({ message: "Format d'export inconnu : json, history-csv ou workouts-csv." });
    for (let index = 0; index < 10; index += 1) {
      expect((await call(meExportRoute, "/api/me/export", { headers: lea.auth })).status).toBe(200);
    }
    const limited = await call(meExportRoute, "/api/me/export", { headers: lea.auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).not.toBeNull();
  });
});
