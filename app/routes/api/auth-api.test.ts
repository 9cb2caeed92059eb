import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES, LOGIN_LIMITS, MAIL_REQUEST_LIMITS, RECIPIENT_MAIL_LIMIT } from "~/domain/account";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as forgotRoute from "./forgot-password.ts";
import * as loginRoute from "./login.ts";
import * as logoutRoute from "./logout.ts";
import * as meRoute from "./me.ts";
import * as registerRoute from "./register.ts";
import * as resendRoute from "./resend-verification.ts";
import * as resetRoute from "./reset-password.ts";
import * as verifyRoute from "./verify-email.ts";

const app = freshTestAppPerTest();

const post = (
  module: { action: unknown },
  url: string,
  body: unknown,
  init: RequestInit = {},
  clientAddress?: string,
) => callRoute(module.action as never, jsonRequest(url, body, init), { context: app.context(clientAddress) });

const get = (module: { loader: unknown }, url: string, headers: Record<string, string> = {}) =>
  callRoute(module.loader as never, new Request(`http://localhost:3000${url}`, { headers }), {
    context: app.context(),
  });

/** The token in the last mail's link to that page. */
function tokenFromLastMail(page: "verify-email" | "reset-password"): string {
  const mail = app.mails.at(-1)!;
  const link = new RegExp(`/${page}\\?token=([\\w%-]+)`).exec(mail.text)![1]!;
  return decodeURIComponent(link);
}

async function registerAndVerify(pseudo: string, email: string, password = "motdepasse-123") {
  expect(
    (await post(registerRoute, "/api/register", { pseudo, email, motdepasse: password, captchaToken: null })).status,
  ).toBe(201);
  expect((await get(verifyRoute, `/api/verify-email?token=${tokenFromLastMail("verify-email")}`)).status).toBe(200);
}

async function loginToken(identifier: string, password = "motdepasse-123") {
  const response = await post(loginRoute, "/api/login", { identifier, password, remember: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe("POST /api/register", () => {
  it("creates an unverified account and mails a verification link", async () => {
    const response = await post(registerRoute, "/api/register", {
      email: "  Lea@Example.com ",
      motdepasse: "motdepasse-123",
      pseudo: "lea",
      captchaToken: null,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.signupSuccess });
    const user = await app.services.store.users.findByEmail("lea@example.com");
    expect(user?.emailVerifiedAt).toBeNull();
    expect(app.mails.at(-1)).toMatchObject({ to: "lea@example.com", subject: "Confirme ton adresse e-mail" });
    expect(app.mails.at(-1)!.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=/);
  });

  it("answers a known address exactly like a new one, and tells its owner by mail", async () => {
    await post(registerRoute, "/api/register", {
      email: "lea@example.com",
      motdepasse: "motdepasse-123",
      pseudo: "lea",
    });
    const again = await post(registerRoute, "/api/register", {
      email: "LEA@example.com",
      motdepasse: "autre-mdp-456",
      pseudo: "lea2",
    });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.signupSuccess });
    expect(app.mails.at(-1)).toMatchObject({
      to: "lea@example.com",
      subject: "Tentative d'inscription avec ton adresse",
    });
    expect(await app.services.store.users.findByPseudo("lea2")).toBeNull();
  });

  it("reports a pseudo already taken", async () => {
    await post(registerRoute, "/api/register", { email: "a@example.com", motdepasse: "motdepasse-123", pseudo: "Lea" });
    const response = await post(registerRoute, "/api/register", {
      email: "b@example.com",
      motdepasse: "motdepasse-123",
      pseudo: "lea",
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Ce pseudo est déjà pris." });
  });

  it("subscribes to the newsletter when asked, confirmed once the address is verified", async () => {
    await post(registerRoute, "/api/register", {
      email: "n@example.com",
      motdepasse: "motdepasse-123",
      pseudo: "news",
      newsletter: true,
    });
    const pending = await app.services.store.newsletterSubscribers.findByEmail("n@example.com");
    expect(pending).toMatchObject({ confirmedAt: null, confirmWithAccount: true });
    // No second mail: the verification mail proves the address.
    expect(app.mails).toHaveLength(1);
    expect((await get(verifyRoute, `/api/verify-email?token=${tokenFromLastMail("verify-email")}`)).status).toBe(200);
    const confirmed = await app.services.store.newsletterSubscribers.findByEmail("n@example.com");
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
  });

  it("does not subscribe an address whose account is verified when someone else ticks the box at sign-up", async () => {
    await registerAndVerify("owner", "owner@example.com");
    await post(registerRoute, "/api/register", {
      email: "owner@example.com",
      motdepasse: "motdepasse-123",
      pseudo: "intruder",
      newsletter: true,
    });
    expect((await app.services.store.newsletterSubscribers.findByEmail("owner@example.com"))?.confirmedAt).toBeNull();
  });

  it.each([
    ["missing fields", {}, "Pseudo requis."],
    ["a short password", { pseudo: "abc", email: "a@b.fr", motdepasse: "court" }, "8 caractères minimum."],
    ["a bad e-mail", { pseudo: "abc", email: "pas-un-email", motdepasse: "motdepasse-123" }, "Email invalide."],
    ["wrong types", { pseudo: 42, email: "a@b.fr", motdepasse: "motdepasse-123" }, "Pseudo requis."],
    ["an operator object", { pseudo: "abc", email: { $gt: "" }, motdepasse: "motdepasse-123" }, "Email invalide."],
    ["an array body", [1, 2], "Corps de requête invalide."],
  ])("refuses %s with 400 and a message", async (_, body, message) => {
    const response = await post(registerRoute, "/api/register", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it("refuses invalid JSON and a body over 1 MB", async () => {
    const invalid = await post(registerRoute, "/api/register", "{not json");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: "Corps de requête JSON invalide." });
    const huge = await post(registerRoute, "/api/register", { pseudo: "x".repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toMatch(/1 Mo/);
  });
});

describe("GET /api/verify-email", () => {
  it("verifies once, then refuses the used link", async () => {
    await post(registerRoute, "/api/register", {
      email: "v@example.com",
      motdepasse: "motdepasse-123",
      pseudo: "verif",
    });
    const token = tokenFromLastMail("verify-email");
    const first = await get(verifyRoute, `/api/verify-email?token=${token}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: ACCOUNT_MESSAGES.verifySuccess });
    const second = await get(verifyRoute, `/api/verify-email?token=${token}`);
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({ message: ACCOUNT_MESSAGES.verifyFailed });
  });

  it("says so when no token is given", async () => {
    const response = await get(verifyRoute, "/api/verify-email");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Aucun jeton de vérification fourni." });
  });
});

describe("POST /api/login and the bearer token", () => {
  it("refuses an unverified account with a clear message", async () => {
    await post(registerRoute, "/api/register", {
      email: "u@example.com",
      motdepasse: "motdepasse-123",
      pseudo: "unverified",
    });
    const response = await post(loginRoute, "/api/login", { identifier: "unverified", password: "motdepasse-123" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.emailNotVerified,
      code: "EMAIL_NOT_VERIFIED",
    });
  });

  it("logs in by pseudo (leading spaces trimmed) and by e-mail; the token works in all three headers", async () => {
    await registerAndVerify("camille", "camille@example.com");
    const response = await post(loginRoute, "/api/login", {
      identifier: "   camille",
      password: "motdepasse-123",
      remember: false,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: Record<string, unknown> };
    expect(body.user).toMatchObject({ pseudo: "camille", email: "camille@example.com", role: "user" });
    expect(body.user).not.toHaveProperty("passwordHash");
    // No 'remember me': a browser-session cookie (no Max-Age).
    expect(response.headers.get("Set-Cookie")).toMatch(/^dynami_session=/);
    expect(response.headers.get("Set-Cookie")).not.toMatch(/Max-Age/i);

    const tokenHeaders: Record<string, string>[] = [
      { Authorization: `Bearer ${body.token}` },
      { "x-auth-token": body.token },
      { "x-access-token": body.token },
    ];
    for (const headers of tokenHeaders) {
      const me = await get(meRoute, "/api/me", headers);
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        pseudo: "camille",
        email: "camille@example.com",
        role: "user",
        photo: null,
      });
    }
    expect(
      (await post(loginRoute, "/api/login", { identifier: "CAMILLE@example.com", password: "motdepasse-123" })).status,
    ).toBe(200);
  });

  it("keeps the cookie 30 days with 'remember me'", async () => {
    await registerAndVerify("remy", "remy@example.com");
    const response = await post(loginRoute, "/api/login", {
      identifier: "remy",
      password: "motdepasse-123",
      remember: true,
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=2592000/);
    expect(response.headers.get("Set-Cookie")).toMatch(/HttpOnly/);
  });

  it("gives the same message for a wrong identifier and a wrong password", async () => {
    await registerAndVerify("sam", "sam@example.com");
    const wrongPassword = await post(loginRoute, "/api/login", { identifier: "sam", password: "mauvais-mdp" });
    const unknownUser = await post(loginRoute, "/api/login", { identifier: "personne", password: "mauvais-mdp" });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownUser.json());
  });

  it.each([
    ["missing fields", {}],
    ["an operator object", { identifier: { $gt: "" }, password: { $gt: "" } }],
    ["wrong types", { identifier: 1, password: true }],
    ["empty values", { identifier: "  ", password: "" }],
  ])("refuses %s with 400", async (_, body) => {
    const response = await post(loginRoute, "/api/login", body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
  });

  it("answers /api/me with 401 without a valid token", async () => {
    expect((await get(meRoute, "/api/me")).status).toBe(401);
    const forged = await get(meRoute, "/api/me", { Authorization: "Bearer forged-token" });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: "Non connecté. Connecte-toi d'abord." });
  });

  it("throttles after 5 failures for one identifier from one address", async () => {
    await registerAndVerify("target", "target@example.com");
    for (let i = 0; i < 5; i++) {
      expect((await post(loginRoute, "/api/login", { identifier: "target", password: `faux-${i}-mdp` })).status).toBe(
        401,
      );
    }
    const blocked = await post(loginRoute, "/api/login", { identifier: "target", password: "motdepasse-123" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(((await blocked.json()) as { message: string }).message).toMatch(
      /^Trop de tentatives\. Réessaie dans 1[45] minutes\.$/,
    );
  });

  it("never lets failures from other addresses lock the owner out: the identifier only slows down", async () => {
    await registerAndVerify("victim", "victim@example.com");
    for (let i = 0; i < 7; i++) {
      const guess = await post(
        loginRoute,
        "/api/login",
        { identifier: "victim", password: `faux-${i}` },
        {},
        `10.1.0.${i}`,
      );
      expect(guess.status).toBe(401);
    }
    // 7 failures: a login for that identifier now waits about a second, from anywhere.
    const started = Date.now();
    const owner = await post(
      loginRoute,
      "/api/login",
      { identifier: "victim", password: "motdepasse-123" },
      {},
      "10.2.0.1",
    );
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // An address that failed once, not five times, is not refused either.
    const again = await post(
      loginRoute,
      "/api/login",
      { identifier: "victim", password: "motdepasse-123" },
      {},
      "10.1.0.3",
    );
    expect(again.status).toBe(200);
  });

  it("counts guesses sent in parallel too", async () => {
    await registerAndVerify("racer", "racer@example.com");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(loginRoute, "/api/login", { identifier: "racer", password: `faux-${i}-mdp` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it("refuses a body that is not sent as JSON", async () => {
    const response = await post(loginRoute, "/api/login", JSON.stringify({ identifier: "a", password: "b" }), {
      headers: { "Content-Type": "text/plain" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Le corps de la requête doit être du JSON (Content-Type: application/json).",
    });
  });

  it("past 20 failures from one address, refuses a wrong password there but never the right one", async () => {
    await registerAndVerify("other", "other@example.com");
    const shared = "10.0.0.9";
    for (let i = 0; i < LOGIN_LIMITS.failuresPerAddress; i++) {
      const guess = await post(
        loginRoute,
        "/api/login",
        { identifier: `inconnu-${i}`, password: "mauvais-mdp" },
        {},
        shared,
      );
      expect(guess.status).toBe(401);
    }
    // The guesser sharing that address is refused, and slowed down.
    const guess = await post(
      loginRoute,
      "/api/login",
      { identifier: "inconnu-x", password: "mauvais-mdp" },
      {},
      shared,
    );
    expect(guess.status).toBe(429);
    expect(Number(guess.headers.get("Retry-After"))).toBeGreaterThan(0);
    const started = Date.now();
    expect(
      (await post(loginRoute, "/api/login", { identifier: "other", password: "mauvais-mdp" }, {}, shared)).status,
    ).toBe(429);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    // Someone else behind that address with the right password signs in.
    const owner = await post(loginRoute, "/api/login", { identifier: "other", password: "motdepasse-123" }, {}, shared);
    expect(owner.status).toBe(200);
    const elsewhere = await post(
      loginRoute,
      "/api/login",
      { identifier: "other", password: "motdepasse-123" },
      {},
      "10.0.0.10",
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe("POST /api/logout", () => {
  it("revokes the token on the server and clears the cookie", async () => {
    await registerAndVerify("leo", "leo@example.com");
    const token = await loginToken("leo");
    const response = await post(logoutRoute, "/api/logout", {}, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toMatch(/dynami_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect((await get(meRoute, "/api/me", { Authorization: `Bearer ${token}` })).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  it("always answers the same neutral message and mails only existing verified accounts", async () => {
    await registerAndVerify("zoe", "zoe@example.com");
    const mailsBefore = app.mails.length;
    for (const email of ["zoe@example.com", "nobody@example.com"]) {
      const response = await post(forgotRoute, "/api/forgot-password", { email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        message: `Si un compte existe pour ${email}, un lien de réinitialisation a été envoyé.`,
      });
    }
    expect(app.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual(["zoe@example.com"]);
    const bad = await post(forgotRoute, "/api/forgot-password", { email: { $ne: null } });
    expect(bad.status).toBe(400);
  });

  describe("limits on mail requests", () => {
    afterEach(() => vi.useRealTimers());

    it("refuses a 6th request for one inbox from one address in a quarter of an hour, and serves other addresses", async () => {
      await registerAndVerify("zoe", "zoe@example.com");
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      const sender = "203.0.113.5";
      const forgot = (clientAddress: string, email = "zoe@example.com") =>
        post(forgotRoute, "/api/forgot-password", { email }, {}, clientAddress);

      for (let request = 1; request <= MAIL_REQUEST_LIMITS.perAddressAndRecipient; request += 1) {
        expect((await forgot(sender)).status).toBe(200);
      }
      const refused = await forgot(sender);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ message: ACCOUNT_MESSAGES.tooManyAttempts(15) });
      // The count is per address and inbox, shared by every kind of mail request.
      const resend = await post(resendRoute, "/api/resend-verification", { email: "zoe@example.com" }, {}, sender);
      expect(resend.status).toBe(429);
      // Another inbox, another address: answered.
      expect((await forgot(sender, "someone@example.com")).status).toBe(200);
      expect((await forgot("203.0.113.6")).status).toBe(200);

      vi.setSystemTime(Date.now() + MAIL_REQUEST_LIMITS.windowSeconds * 1000 + 1_000);
      expect((await forgot(sender)).status).toBe(200);
    });

    it("refuses one address past 50 requests in a quarter of an hour, whatever the inboxes", async () => {
      const sender = "203.0.113.7";
      for (let request = 1; request <= MAIL_REQUEST_LIMITS.perAddress; request += 1) {
        const answer = await post(
          forgotRoute,
          "/api/forgot-password",
          { email: `n${request}@example.com` },
          {},
          sender,
        );
        expect(answer.status).toBe(200);
      }
      const refused = await post(forgotRoute, "/api/forgot-password", { email: "last@example.com" }, {}, sender);
      expect(refused.status).toBe(429);
      const elsewhere = await post(
        forgotRoute,
        "/api/forgot-password",
        { email: "last@example.com" },
        {},
        "203.0.113.8",
      );
      expect(elsewhere.status).toBe(200);
    });

    it("sends one inbox at most 3 reset mails an hour, however many addresses ask, answering them all the same", async () => {
      await registerAndVerify("zoe", "zoe@example.com");
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      const mailsBefore = app.mails.length;
      for (let client = 1; client <= 8; client += 1) {
        const answer = await post(
          forgotRoute,
          "/api/forgot-password",
          { email: "zoe@example.com" },
          {},
          `198.51.100.${client}`,
        );
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({
          message: "Si un compte existe pour zoe@example.com, un lien de réinitialisation a été envoyé.",
        });
      }
      expect(app.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual(Array(3).fill("zoe@example.com"));

      vi.setSystemTime(Date.now() + RECIPIENT_MAIL_LIMIT.windowSeconds * 1000 + 1_000);
      expect(
        (await post(forgotRoute, "/api/forgot-password", { email: "zoe@example.com" }, {}, "198.51.100.9")).status,
      ).toBe(200);
      expect(app.mails.length - mailsBefore).toBe(4);
    });

    it("tells an owner at most 3 times an hour that someone tried to sign up with their address", async () => {
      await registerAndVerify("zoe", "zoe@example.com");
      const mailsBefore = app.mails.length;
      for (let client = 1; client <= 6; client += 1) {
        const answer = await post(
          registerRoute,
          "/api/register",
          { pseudo: `copie${client}`, email: "zoe@example.com", motdepasse: "motdepasse-123", captchaToken: null },
          {},
          `198.51.100.${client}`,
        );
        expect(answer.status).toBe(201);
      }
      const notices = app.mails.slice(mailsBefore).filter((mail) => mail.to === "zoe@example.com");
      expect(notices).toHaveLength(3);
    });
  });

  it("sets the new password, ends every session, and the link works once", async () => {
    await registerAndVerify("max", "max@example.com");
    const oldToken = await loginToken("max");
    await post(forgotRoute, "/api/forgot-password", { email: "max@example.com" });
    const resetToken = tokenFromLastMail("reset-password");

    const short = await post(resetRoute, "/api/reset-password", { token: resetToken, password: "  court  " });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "Min 8 caractères." });

    const done = await post(resetRoute, "/api/reset-password", { token: resetToken, password: " nouveau-mdp-789 " });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: "Mot de passe modifié. Redirection…" });
    expect((await get(meRoute, "/api/me", { Authorization: `Bearer ${oldToken}` })).status).toBe(401);
    expect((await post(loginRoute, "/api/login", { identifier: "max", password: "motdepasse-123" })).status).toBe(401);
    expect((await post(loginRoute, "/api/login", { identifier: "max", password: "nouveau-mdp-789" })).status).toBe(200);

    const reused = await post(resetRoute, "/api/reset-password", { token: resetToken, password: "encore-un-autre" });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ message: "Lien invalide ou expiré." });
    const missing = await post(resetRoute, "/api/reset-password", { password: "encore-un-autre" });
    expect(missing.status).toBe(400);
  });
});
