import { beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_FALLBACK_MESSAGES, ACCOUNT_MESSAGES } from "~/domain/account";
import { readAccountFlash } from "~/lib/account-flash.server";
import { seedDemoAccounts } from "~/services/auth/demo-accounts.server";
import { getCurrentUser } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as accountRoute from "./compte.ts";
import * as resetRoute from "./reset-password.tsx";
import * as verifyRoute from "./verify-email.tsx";

const app = freshTestAppPerTest();
beforeEach(async () => {
  await seedDemoAccounts(app.services.store);
});

const origin = "http://localhost:3000";
const demo = { pseudo: "demo", email: "demo@dynami.local", password: "demo-dynami-2026" };

function formData(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

/** Posts the dialog's form to /compte, as a browser would (cookies optional). */
function postAccountForm(fields: Record<string, string>, cookie?: string) {
  const request = new Request(`${origin}/compte`, {
    method: "POST",
    body: formData(fields),
    headers: cookie ? { Cookie: cookie, Origin: origin } : {},
  });
  return callRoute(accountRoute.action as never, request, { context: app.context() });
}

/** A sign-up form that passes every rule, for `pseudo` at pseudo@example.com, with `changes` applied. */
function signupFields(pseudo: string, changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "register",
    redirectTo: "/",
    pseudo,
    email: `${pseudo}@example.com`,
    password: "motdepasse-123",
    confirmation: "motdepasse-123",
    privacy: "on",
    ...changes,
  };
}

/** "name=value" of each Set-Cookie, ready for a Cookie header. */
function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function flashOf(response: Response) {
  const request = new Request(`${origin}/`, { headers: { Cookie: cookiesFrom(response) } });
  return (await readAccountFlash(app.context(), request)).flash;
}

async function signedInUser(cookie: string) {
  return getCurrentUser(app.context(), new Request(`${origin}/`, { headers: { Cookie: cookie } }));
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe("POST /compte without JavaScript (303 and a flash cookie)", () => {
  it("sends a failed login back to the login view with the message and the identifier, never the password", async () => {
    const response = await postAccountForm({
      intent: "login",
      redirectTo: "/outils?onglet=imc&compte=login",
      identifier: "  demo",
      password: "wrong-password-1",
      remember: "on",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/outils?onglet=imc&compte=login");
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/^dynami_account_flash=.*Max-Age=60.*HttpOnly/is);
    expect(setCookie).not.toMatch(/dynami_session=/);
    expect(
      Buffer.from(decodeURIComponent(cookiesFrom(response).split("=")[1]!.split(".")[0]!), "base64").toString(),
    ).not.toContain("wrong-password-1");
    expect(await flashOf(response)).toEqual({
      view: "login",
      intent: "login",
      ok: false,
      message: { key: "loginFailed" },
      values: { identifier: "demo", remember: true },
    });
  });

  it("opens a session on success and leads to the history view", async () => {
    const response = await postAccountForm({
      intent: "login",
      redirectTo: "/imc",
      identifier: demo.email,
      password: demo.password,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/imc?compte=history");
    expect(response.headers.getSetCookie().some((line) => line.startsWith("dynami_session="))).toBe(true);
    expect((await signedInUser(cookiesFrom(response)))?.user.pseudo).toBe("demo");
    expect(await flashOf(response)).toMatchObject({
      view: "history",
      intent: "login",
      ok: true,
      message: { key: "loginSuccess" },
    });
  });

  it("ends the session on logout and clears the cookie", async () => {
    const login = await postAccountForm({
      intent: "login",
      redirectTo: "/",
      identifier: demo.pseudo,
      password: demo.password,
    });
    const sessionCookie = cookiesFrom(login)
      .split("; ")
      .find((pair) => pair.startsWith("dynami_session="))!;
    expect(await signedInUser(sessionCookie)).not.toBeNull();

    const logout = await postAccountForm({ intent: "logout", redirectTo: "/contact?compte=history" }, sessionCookie);
    expect(logout.status).toBe(303);
    expect(logout.headers.get("Location")).toBe("/contact");
    expect(logout.headers.get("Set-Cookie")).toMatch(/^dynami_session=;.*Max-Age=0/);
    expect(await signedInUser(sessionCookie)).toBeNull();
  });

  it("answers a sign-up with the first failing rule, keeping the values but not the passwords", async () => {
    const response = await postAccountForm({
      intent: "register",
      redirectTo: "/",
      pseudo: "lea",
      email: "lea@example.com",
      password: "motdepasse-123",
      confirmation: "motdepasse-321",
      newsletter: "on",
    });
    expect(response.headers.get("Location")).toBe("/?compte=create");
    expect(await flashOf(response)).toEqual({
      view: "create",
      intent: "register",
      ok: false,
      message: { key: "passwordsDiffer" },
      code: "confirmation",
      values: { pseudo: "lea", email: "lea@example.com", privacy: false, newsletter: true },
    });
  });

  it("creates the account, mails the link and shows the success panel", async () => {
    const response = await postAccountForm(signupFields("lea"));
    expect(response.headers.get("Location")).toBe("/?compte=create");
    expect(await flashOf(response)).toMatchObject({
      view: "create",
      intent: "register",
      ok: true,
      message: { key: "signupSuccess" },
    });
    expect(app.mails.at(-1)).toMatchObject({ to: "lea@example.com", subject: "Confirme ton adresse e-mail" });
  });

  it("reports a pseudo already taken", async () => {
    const response = await postAccountForm(signupFields("demo", { email: "autre@example.com" }));
    expect(await flashOf(response)).toMatchObject({ ok: false, message: { key: "pseudoTaken" }, code: "pseudo" });
  });

  it("always gives the neutral answer to a forgotten password, and moves to the sent state", async () => {
    for (const email of [demo.email, "nobody@example.com"]) {
      const response = await postAccountForm({ intent: "forgot", redirectTo: "/", email });
      expect(response.headers.get("Location")).toBe("/?compte=forgot");
      expect(await flashOf(response)).toMatchObject({
        view: "forgot",
        ok: true,
        message: { key: "forgotSent", values: { email } },
      });
    }
    expect(app.mails.map((mail) => mail.to)).toEqual([demo.email]);
  });

  it("refuses an unverified account and resends its link with a neutral answer", async () => {
    await postAccountForm(signupFields("nouveau"));
    const refused = await postAccountForm({
      intent: "login",
      redirectTo: "/",
      identifier: "nouveau",
      password: "motdepasse-123",
    });
    expect(await flashOf(refused)).toMatchObject({
      view: "login",
      ok: false,
      message: { key: "emailNotVerified" },
      code: "EMAIL_NOT_VERIFIED",
    });

    const mailsBefore = app.mails.length;
    const resent = await postAccountForm({
      intent: "resend",
      redirectTo: "/",
      identifier: "nouveau",
      email: "nouveau@example.com",
    });
    expect(resent.headers.get("Location")).toBe("/?compte=login");
    expect(await flashOf(resent)).toMatchObject({
      intent: "resend",
      ok: true,
      message: { key: "verificationResent" },
      values: { identifier: "nouveau" },
    });
    expect(app.mails.length).toBe(mailsBefore + 1);
  });

  it("only redirects inside the site", async () => {
    for (const redirectTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const response = await postAccountForm({ intent: "forgot", redirectTo, email: "x@example.com" });
      expect(response.headers.get("Location")).toBe("/?compte=forgot");
    }
  });

  it("ignores a flash cookie that was tampered with", async () => {
    const response = await postAccountForm({ intent: "forgot", redirectTo: "/", email: "x@example.com" });
    const [name, value] = cookiesFrom(response).split("=") as [string, string];
    const [payload, signature] = decodeURIComponent(value).split(".") as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ view: "forgot", intent: "forgot", ok: false, message: "Piégé" }),
    ).toString("base64");
    const request = new Request(`${origin}/`, {
      headers: { Cookie: `${name}=${encodeURIComponent(`${forged}.${signature}`)}` },
    });
    expect(payload).not.toBe(forged);
    expect((await readAccountFlash(app.context(), request)).flash).toBeNull();
  });
});

describe("POST /compte with _js=1 (data for the dialog's scripts)", () => {
  it("answers a failed login with the service's status and message", async () => {
    const response = await postAccountForm({
      intent: "login",
      _js: "1",
      redirectTo: "/",
      identifier: "demo",
      password: "wrong-password-2",
    });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await json(response)).toMatchObject({ intent: "login", ok: false, message: { key: "loginFailed" } });
  });

  it("answers an empty login form with the spec's message", async () => {
    const response = await postAccountForm({ intent: "login", _js: "1", identifier: "   ", password: "" });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ ok: false, message: { key: "loginRequired" } });
  });

  it("returns the token and the public user, and sets the session cookie", async () => {
    const response = await postAccountForm({
      intent: "login",
      _js: "1",
      identifier: demo.pseudo,
      password: demo.password,
      remember: "on",
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      intent: "login",
      ok: true,
      message: { key: "loginSuccess" },
      user: { pseudo: "demo", role: "user" },
    });
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(typeof body.token).toBe("string");
    expect(response.headers.get("Set-Cookie")).toMatch(/^dynami_session=.*Max-Age=2592000/);
    expect((await signedInUser(cookiesFrom(response)))?.user.pseudo).toBe("demo");
  });

  it("answers a sign-up without redirecting", async () => {
    const response = await postAccountForm({
      intent: "register",
      _js: "1",
      pseudo: "",
      email: "",
      password: "",
      confirmation: "",
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ ok: false, message: { key: "pseudoRequired" }, code: "pseudo" });
  });

  it("refuses an unknown intent", async () => {
    const response = await postAccountForm({ intent: "delete-everything", _js: "1" });
    expect(response.status).toBe(400);
  });
});

describe("/verify-email and /reset-password", () => {
  async function registerAndGetToken(page: "verify-email" | "reset-password") {
    const mail = app.mails.at(-1)!;
    return decodeURIComponent(new RegExp(`/${page}\\?token=([\\w%-]+)`).exec(mail.text)![1]!);
  }

  it("verifies a token once, answering JSON when asked", async () => {
    await postAccountForm(signupFields("verif"));
    const token = await registerAndGetToken("verify-email");
    const page = (await callRoute(verifyRoute.loader as never, new Request(`${origin}/verify-email?token=${token}`), {
      context: app.context(),
    })) as Response;
    expect(page.status).toBe(200);
    expect(await json(page)).toMatchObject({ state: "success", message: { key: "verifySuccess" } });

    const middleware = verifyRoute.middleware[0]!;
    const again = (await middleware(
      {
        request: new Request(`${origin}/verify-email?token=${token}`, { headers: { Accept: "application/json" } }),
        context: app.context(),
      } as never,
      (() => Promise.resolve(new Response("html"))) as never,
    )) as Response;
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: ACCOUNT_MESSAGES.verifyFailed });

    const missing = (await callRoute(verifyRoute.loader as never, new Request(`${origin}/verify-email`), {
      context: app.context(),
    })) as Response;
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({ state: "invalid", message: { key: "verifyNoToken" } });
  });

  it("resets the password with the mailed token and refuses a bad form", async () => {
    await postAccountForm({ intent: "forgot", email: demo.email });
    const token = await registerAndGetToken("reset-password");
    const reset = (fields: Record<string, string>) =>
      callRoute(
        resetRoute.action as never,
        new Request(`${origin}/reset-password?token=${token}`, { method: "POST", body: formData(fields) }),
        {
          context: app.context(),
        },
      );
    const short = await reset({ token, password: "court", confirmation: "court" });
    expect(short.status).toBe(400);
    expect(await json(short)).toEqual({
      ok: false,
      message: { key: "resetPasswordTooShort" },
      field: "password",
    });

    const done = await reset({ token, password: "nouveau-mdp-2026", confirmation: "nouveau-mdp-2026" });
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ ok: true, message: { key: "resetSuccess" } });

    const reused = await reset({ token, password: "encore-un-mdp", confirmation: "encore-un-mdp" });
    expect(await json(reused)).toMatchObject({
      ok: false,
      message: { key: "resetTokenMissing" },
      field: "token",
    });

    const login = await postAccountForm({
      intent: "login",
      _js: "1",
      identifier: demo.pseudo,
      password: "nouveau-mdp-2026",
    });
    expect(login.status).toBe(200);
  });
});

describe("the account action and My account", () => {
  it("brings a visitor who logged in from /mon-compte back to the page, without the dialog", async () => {
    const response = await postAccountForm({
      intent: "login",
      redirectTo: "/mon-compte?compte=login",
      identifier: demo.pseudo,
      password: demo.password,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/mon-compte");
  });

  it("answers a sign-up the server fails with 'Erreur serveur', with and without JavaScript", async () => {
    vi.spyOn(app.services.store.users, "create").mockRejectedValue(new Error("database down"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const withScripts = await postAccountForm({ ...signupFields("panne"), _js: "1" });
    expect(withScripts.status).toBe(500);
    expect(await json(withScripts)).toMatchObject({ ok: false, message: { key: "serverError" } });
    expect(ACCOUNT_FALLBACK_MESSAGES.serverError).toBe("Erreur serveur");

    const without = await postAccountForm(signupFields("panne"));
    expect(without.status).toBe(303);
    expect(await flashOf(without)).toMatchObject({ view: "create", ok: false, message: { key: "serverError" } });
    vi.restoreAllMocks();
  });
});
