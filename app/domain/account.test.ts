import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  type AccountMessage,
  accountMessageText,
  forgotEmail,
  isChecked,
  isLooseEmail,
  LOGIN_SLOWDOWN,
  loginDelayMs,
  loginValues,
  normalizeEmailInput,
  resetErrors,
  signupErrors,
  signupValues,
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
    expect(text({ key: "loginRequired" })).toBe("E-mail ou pseudo et mot de passe requis.");
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

describe("account rules at their bounds", () => {
  const pad = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

  it("names the HTTP status when an answer was not the JSON expected", () => {
    expect(text({ key: "loginHttpFailed", values: { status: 502 } })).toBe("Échec de connexion (HTTP 502)");
    expect(text({ key: "signupHttpFailed", values: { status: 500 } })).toBe("Erreur HTTP 500");
    expect(text({ key: "verifyHttpFailed", values: { status: 404 } })).toBe("Erreur (404)");
  });

  it("reads a non-string e-mail as empty", () => {
    expect(normalizeEmailInput(42)).toBe("");
    expect(normalizeEmailInput(undefined)).toBe("");
    expect(normalizeEmailInput("  Lea@Example.COM ")).toBe("lea@example.com");
  });

  it("accepts an e-mail of 254 characters, not 255", () => {
    expect(pad(254)).toHaveLength(254);
    expect(isLooseEmail(pad(254))).toBe(true);
    expect(isLooseEmail(pad(255))).toBe(false);
  });

  it("answers each sign-up rule on its field", () => {
    const errors = signupErrors({ pseudo: "ab", email: "x", password: "1234567", confirmation: "", privacy: "off" });
    expect(errors).toEqual([
      { field: "pseudo", message: { key: "pseudoLength" } },
      { field: "email", message: { key: "emailInvalid" } },
      { field: "password", message: { key: "passwordTooShort" } },
      { field: "confirmation", message: { key: "passwordsDiffer" } },
      { field: "privacy", message: { key: "privacyRequired" } },
    ]);
    expect(signupErrors({ ...valid, pseudo: "a b c", email: "", password: "", confirmation: "" })).toEqual([
      { field: "pseudo", message: { key: "pseudoCharacters" } },
      { field: "email", message: { key: "emailRequired" } },
      { field: "password", message: { key: "passwordRequired" } },
    ]);
    const long = "x".repeat(129);
    expect(signupErrors({ ...valid, password: long, confirmation: long })).toEqual([
      { field: "password", message: { key: "passwordTooLong" } },
    ]);
  });

  it("accepts a pseudo of 30 characters and a password of 128", () => {
    expect(signupErrors({ ...valid, pseudo: "x".repeat(30) })).toEqual([]);
    const longest = "x".repeat(128);
    expect(signupErrors({ ...valid, password: longest, confirmation: longest })).toEqual([]);
  });

  it("keeps the sign-up values trimmed and normalised", () => {
    expect(signupValues({ ...valid, pseudo: "  camille  " })).toEqual({
      pseudo: "camille",
      email: "camille@example.com",
      password: "motdepasse",
    });
  });

  it("refuses a login longer than any account without checking it", () => {
    expect(loginValues({ identifier: pad(254), password: "x".repeat(128) })).toEqual({
      ok: true,
      value: { identifier: pad(254), password: "x".repeat(128), remember: false },
    });
    expect(loginValues({ identifier: pad(255), password: "x" })).toEqual({
      ok: false,
      message: { key: "loginFailed" },
    });
    expect(loginValues({ identifier: "demo", password: "x".repeat(129) })).toEqual({
      ok: false,
      message: { key: "loginFailed" },
    });
    expect(text({ key: "loginFailed" })).toBe("E-mail, pseudo ou mot de passe incorrect.");
  });

  it("bounds the new password of a reset at 128 characters", () => {
    expect(resetErrors({ token: "t", password: "x".repeat(128) })).toEqual({
      ok: true,
      token: "t",
      password: "x".repeat(128),
    });
    expect(resetErrors({ token: "t", password: "x".repeat(129) })).toEqual({
      ok: false,
      field: "password",
      message: { key: "passwordTooLong" },
    });
  });

  it("answers a reset's failures with ok false, and trims the confirmation", () => {
    expect(resetErrors({ token: "", password: "12345678" })).toEqual({
      ok: false,
      field: "token",
      message: { key: "resetTokenMissing" },
    });
    expect(resetErrors({ token: "t", password: "12345678", confirmation: "1234567" })).toEqual({
      ok: false,
      field: "confirmation",
      message: { key: "passwordsDiffer" },
    });
    expect(resetErrors({ token: "t", password: "12345678", confirmation: " 12345678 " })).toEqual({
      ok: true,
      token: "t",
      password: "12345678",
    });
  });
});
