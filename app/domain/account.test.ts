import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  type AccountMessage,
  accountMessageText,
  forgotEmail,
  isChecked,
  LOGIN_SLOWDOWN,
  loginDelayMs,
  loginValues,
  resetErrors,
  signupErrors,
} from "./account.ts";

/** The French text of a rule's answer: the spec's words, as the API sends them. */
const text = (message: AccountMessage | undefined) => (message ? accountMessageText(message) : undefined);
const firstSignupText = (input: Parameters<typeof signupErrors>[0]) => text(signupErrors(input)[0]?.message);

const valid = {
  pseudo: "camille",
  email: "Camille@Example.com ",
  password: "motdepasse",
  confirmation: "motdepasse",
  privacy: "on",
};

describe("signupErrors", () => {
  it("accepts a complete form", () => {
    expect(signupErrors(valid)).toEqual([]);
  });

  it("lists the spec's messages in the spec's order", () => {
    expect(
      signupErrors({ pseudo: " ", email: "", password: "", confirmation: "x", privacy: undefined }).map((e) =>
        text(e.message),
      ),
    ).toEqual([
      "Pseudo requis.",
      "Email requis.",
      "Mot de passe requis.",
      "Les mots de passe ne correspondent pas.",
      "Merci d'accepter la politique de confidentialité.",
    ]);
    expect(firstSignupText({ ...valid, email: "pas-un-email" })).toBe("Email invalide.");
    expect(firstSignupText({ ...valid, password: "1234567", confirmation: "1234567" })).toBe("8 caractères minimum.");
  });

  it("bounds the password at 8 and 128 characters", () => {
    expect(signupErrors({ ...valid, password: "12345678", confirmation: "12345678" })).toEqual([]);
    const long = "x".repeat(129);
    expect(firstSignupText({ ...valid, password: long, confirmation: long })).toBe("128 caractères maximum.");
  });

  it("checks the pseudo's length and characters", () => {
    expect(firstSignupText({ ...valid, pseudo: "ab" })).toBe(ACCOUNT_MESSAGES.pseudoLength);
    expect(firstSignupText({ ...valid, pseudo: "x".repeat(31) })).toBe(ACCOUNT_MESSAGES.pseudoLength);
    expect(firstSignupText({ ...valid, pseudo: "léa nom" })).toBe(ACCOUNT_MESSAGES.pseudoCharacters);
    expect(signupErrors({ ...valid, pseudo: "lea.nom_2-b" })).toEqual([]);
  });

  it("treats non-strings as empty", () => {
    expect(firstSignupText({ ...valid, pseudo: { $gt: "" } })).toBe("Pseudo requis.");
  });
});

describe("loginValues", () => {
  it("trims the identifier and requires both fields", () => {
    expect(loginValues({ identifier: "  demo", password: "x", remember: "on" })).toEqual({
      ok: true,
      value: { identifier: "demo", password: "x", remember: true },
    });
    expect(loginValues({ identifier: " ", password: "x" })).toEqual({ ok: false, message: { key: "loginRequired" } });
    expect(loginValues({ identifier: "demo", password: "" })).toEqual({ ok: false, message: { key: "loginRequired" } });
    expect(text({ key: "loginRequired" })).toBe("Identifiant et mot de passe sont requis.");
  });
});

describe("forgotEmail", () => {
  it("lowercases, trims and checks the loose pattern", () => {
    expect(forgotEmail(" Lea@Example.COM ")).toEqual({ ok: true, email: "lea@example.com" });
    expect(forgotEmail("lea@example")).toEqual({ ok: false, message: { key: "forgotEmailInvalid" } });
    expect(text({ key: "forgotEmailInvalid" })).toBe("Email invalide");
  });
});

describe("resetErrors", () => {
  it("checks the token, then the trimmed password, then the confirmation", () => {
    expect(resetErrors({ token: "", password: "x" })).toMatchObject({
      field: "token",
      message: { key: "resetTokenMissing" },
    });
    expect(resetErrors({ token: "t", password: "  1234567  " })).toMatchObject({
      field: "password",
      message: { key: "resetPasswordTooShort" },
    });
    expect(resetErrors({ token: "t", password: "12345678", confirmation: "12345679" })).toMatchObject({
      field: "confirmation",
      message: { key: "passwordsDiffer" },
    });
    expect(resetErrors({ token: " t ", password: " 12345678 ", confirmation: "12345678" })).toEqual({
      ok: true,
      token: "t",
      password: "12345678",
    });
  });
});

describe("isChecked", () => {
  it("reads a ticked box from a form or JSON", () => {
    for (const ticked of [true, "on", "true", "1"]) expect(isChecked(ticked)).toBe(true);
    for (const unticked of [false, undefined, null, "", "off", 1]) expect(isChecked(unticked)).toBe(false);
  });
});

describe("accountMessageText", () => {
  it("writes each message in the spec's French, values in place", () => {
    expect(text({ key: "resetTokenMissing" })).toBe("Lien invalide ou expiré.");
    expect(text({ key: "resetPasswordTooShort" })).toBe("Min 8 caractères.");
    expect(text({ key: "connectionFailed" })).toBe("Erreur de connexion. Réessaie.");
    expect(text({ key: "forgotSent", values: { email: "lea@example.com" } })).toBe(
      ACCOUNT_MESSAGES.forgotSent("lea@example.com"),
    );
    expect(text({ key: "tooManyAttempts", values: { count: 1 } })).toBe("Trop de tentatives. Réessaie dans 1 minute.");
    expect(text({ key: "tooManyAttempts", values: { count: 14 } })).toBe(
      "Trop de tentatives. Réessaie dans 14 minutes.",
    );
  });
});

describe("loginDelayMs", () => {
  it("lets the first failures of an identifier through at once", () => {
    expect([0, 1, 4].map(loginDelayMs)).toEqual([0, 0, 0]);
  });

  it("then doubles the wait, up to a cap", () => {
    expect([5, 6, 7, 8, 9, 50, 10_000].map(loginDelayMs)).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(loginDelayMs(10_000)).toBe(LOGIN_SLOWDOWN.maxDelayMs);
  });
});
