import { describe, expect, it } from "vitest";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as forgotRoute from "./forgot-password.ts";
import * as registerRoute from "./register.ts";
import * as verifyRoute from "./verify-email.ts";

// The language a visitor signs up in is the language of every mail their
// account gets afterwards, whatever the language of the request that sends it.

const app = freshTestAppPerTest();

const post = (module: { action: unknown }, url: string, body: unknown, headers: Record<string, string> = {}) =>
  callRoute(module.action as never, jsonRequest(url, body, { headers }), { context: app.context() });

/** One phrase of each language's mail templates, written out. */
const phrases = {
  fr: {
    verifySubject: "Confirme ton adresse e-mail",
    greeting: "Salut mika,",
    resetButton: "Choisir un nouveau mot de passe",
  },
  en: { verifySubject: "Confirm your email address", greeting: "Hi mika,", resetButton: "Choose a new password" },
  de: {
    verifySubject: "Bestätige deine E-Mail-Adresse",
    greeting: "Hallo mika,",
    resetButton: "Neues Passwort wählen",
  },
  es: {
    verifySubject: "Confirma tu correo",
    greeting: "¡Hola, mika!",
    resetButton: "Elegir una contraseña nueva",
  },
} as const;

describe("the mails of an account speak the language it signed up in", () => {
  it.each(Object.entries(phrases))(
    "%s: the verification mail, then a reset asked in French",
    async (language, phrase) => {
      const registered = await post(
        registerRoute,
        "/api/register",
        { pseudo: "mika", email: "mika@example.com", motdepasse: "motdepasse-123" },
        { Cookie: `lng=${language}` },
      );
      expect(registered.status).toBe(201);
      const verification = app.mails.at(-1)!;
      expect(verification.subject).toBe(phrase.verifySubject);
      expect(verification.text.split("\n")[0]).toBe(phrase.greeting);
      const token = /\/verify-email\?token=([\w%-]+)/.exec(verification.text)![1]!;
      const verified = await callRoute(
        verifyRoute.loader as never,
        new Request(`http://localhost:3000/api/verify-email?token=${token}`),
        { context: app.context() },
      );
      expect(verified.status).toBe(200);

      // Asked from a French page: the mail still follows the account.
      const asked = await post(
        forgotRoute,
        "/api/forgot-password",
        { email: "mika@example.com" },
        { Cookie: "lng=fr" },
      );
      expect(asked.status).toBe(200);
      const reset = app.mails.at(-1)!;
      expect(reset).not.toBe(verification);
      expect(reset.text).toContain(phrase.resetButton);
      expect(reset.html).toContain(`<html lang="${language}">`);
    },
  );
});
