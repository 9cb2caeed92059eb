import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  forgotEmail,
  isChecked,
  LOGIN_SLOWDOWN,
  loginDelayMs,
  loginValues,
  parseTemplatedAccountMessage,
  resetErrors,
  signupErrors,
} from "./account.ts";

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
      signupErrors({ pseudo: " ", email: "", password: "", confirmation: "x", privacy: undefined }).map(
        (e) => e.message,
      ),
    ).toEqual([
      "Pseudo requis.",
      "Email requis.",
      "Mot de passe requis.",
      "Les mots de passe ne correspondent pas.",
      "Merci d'accepter la politique de confidentialité.",
    ]);
    expect(signupErrors({ ...valid, email: "pas-un-email" })[0]?.message).toBe("Email invalide.");
    expect(signupErrors({ ...valid, password: "1234567", confirmation: "1234567" })[0]?.message).toBe(
      "8 caractères minimum.",
    );
  });

  it("bounds the password at 8 and 128 characters", () => {
    expect(signupErrors({ ...valid, password: "12345678", confirmation: "12345678" })).toEqual([]);
    const long = "x".repeat(129);
    expect(signupErrors({ ...valid, password: long, confirmation: long })[0]?.message).toBe("128 caractères maximum.");
  });

  it("checks the pseudo's length and characters", () => {
    expect(signupErrors({ ...valid, pseudo: "ab" })[0]?.message).toBe(ACCOUNT_MESSAGES.pseudoLength);
    expect(signupErrors({ ...valid, pseudo: "x".repeat(31) })[0]?.message).toBe(ACCOUNT_MESSAGES.pseudoLength);
    expect(signupErrors({ ...valid, pseudo: "léa nom" })[0]?.message).toBe(ACCOUNT_MESSAGES.pseudoCharacters);
    expect(signupErrors({ ...valid, pseudo: "lea.nom_2-b" })).toEqual([]);
  });

  it("treats non-strings as empty", () => {
    expect(signupErrors({ ...valid, pseudo: { $gt: "" } })[0]?.message).toBe("Pseudo requis.");
  });
});

describe("loginValues", () => {
  it("trims the identifier and requires both fields", () => {
    expect(loginValues({ identifier: "  demo", password: "x", remember: "on" })).toEqual({
      ok: true,
      value: { identifier: "demo", password: "x", remember: true },
    });
    expect(loginValues({ identifier: " ", password: "x" })).toEqual({
      ok: false,
      message: "Identifiant et mot de passe sont requis.",
    });
    expect(loginValues({ identifier: "demo", password: "" })).toEqual({
      ok: false,
      message: "Identifiant et mot de passe sont requis.",
    });
  });
});

describe("forgotEmail", () => {
  it("lowercases, trims and checks the loose pattern", () => {
    expect(forgotEmail(" Lea@Example.COM ")).toEqual({ ok: true, email: "lea@example.com" });
    expect(forgotEmail("lea@example")).toEqual({ ok: false, message: "Email invalide" });
  });
});

describe("resetErrors", () => {
  it("checks the token, then the trimmed password, then the confirmation", () => {
    expect(resetErrors({ token: "", password: "x" })).toMatchObject({
      field: "token",
      message: "Lien invalide ou expiré.",
    });
    expect(resetErrors({ token: "t", password: "  1234567  " })).toMatchObject({
      field: "password",
      message: "Min 8 caractères.",
    });
    expect(resetErrors({ token: "t", password: "12345678", confirmation: "12345679" })).toMatchObject({
      field: "confirmation",
      message: "Les mots de passe ne correspondent pas.",
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

describe("parseTemplatedAccountMessage", () => {
  it("reads back the values of the two templated messages", () => {
    expect(parseTemplatedAccountMessage(ACCOUNT_MESSAGES.forgotSent("lea@example.com"))).toEqual({
      key: "forgotSent",
      email: "lea@example.com",
    });
    expect(parseTemplatedAccountMessage(ACCOUNT_MESSAGES.tooManyAttempts(1))).toEqual({
      key: "tooManyAttempts",
      minutes: 1,
    });
    expect(parseTemplatedAccountMessage(ACCOUNT_MESSAGES.tooManyAttempts(14))).toEqual({
      key: "tooManyAttempts",
      minutes: 14,
    });
    expect(parseTemplatedAccountMessage("Autre chose.")).toBeNull();
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
