import { describe, expect, it } from "vitest";
import {
  deletionProblem,
  emailChangeProblem,
  fillMessage,
  MY_ACCOUNT_MESSAGES,
  photoMessageKey,
  newPasswordProblem,
  parseExportFormat,
  passwordChangeProblem,
  passwordInput,
} from "./my-account";
import { PHOTO_MESSAGES } from "./photo";

describe("a new password (the sign-up rules)", () => {
  it("needs 8 to 128 characters, surrounding spaces not counted", () => {
    expect(newPasswordProblem("")).toBe("newPasswordRequired");
    expect(newPasswordProblem("1234567")).toBe("passwordTooShort");
    expect(newPasswordProblem("   1234567   ")).toBe("passwordTooShort");
    expect(newPasswordProblem("12345678")).toBeNull();
    expect(newPasswordProblem(" 12345678 ")).toBeNull();
    expect(newPasswordProblem("x".repeat(128))).toBeNull();
    expect(newPasswordProblem("x".repeat(129))).toBe("passwordTooLong");
  });
});

describe("changing the password", () => {
  const valid = { currentPassword: "ancien-mdp", newPassword: "nouveau-mdp", confirmation: "nouveau-mdp" };

  it("checks the current password, then the new one, then the confirmation", () => {
    expect(passwordChangeProblem({ ...valid, currentPassword: "", newPassword: "" })).toEqual({
      field: "currentPassword",
      key: "currentPasswordRequired",
    });
    expect(passwordChangeProblem({ ...valid, newPassword: "court", confirmation: "autre" })).toEqual({
      field: "newPassword",
      key: "passwordTooShort",
    });
    expect(passwordChangeProblem({ ...valid, confirmation: "nouveau-mdP" })).toEqual({
      field: "confirmation",
      key: "passwordsDiffer",
    });
    expect(passwordChangeProblem(valid)).toBeNull();
  });

  it("leaves the confirmation out when none is asked (the API), and reads anything but text as nothing", () => {
    expect(passwordChangeProblem({ currentPassword: "ancien-mdp", newPassword: "nouveau-mdp" })).toBeNull();
    expect(passwordChangeProblem({ currentPassword: { $gt: "" }, newPassword: "nouveau-mdp" })).toMatchObject({
      key: "currentPasswordRequired",
    });
    expect(passwordChangeProblem({ currentPassword: "ancien-mdp", newPassword: 12345678 })).toMatchObject({
      key: "newPasswordRequired",
    });
  });
});

describe("changing the e-mail address", () => {
  it("checks the address (required, loose pattern, another one), then the password", () => {
    const current = "lea@example.test";
    expect(emailChangeProblem({ email: "  ", password: "" }, current)).toMatchObject({
      field: "email",
      key: "emailRequired",
    });
    expect(emailChangeProblem({ email: "lea@example", password: "x" }, current)).toMatchObject({ key: "emailInvalid" });
    expect(emailChangeProblem({ email: `${"a".repeat(250)}@b.fr`, password: "x" }, current)).toMatchObject({
      key: "emailInvalid",
    });
    expect(emailChangeProblem({ email: " LEA@example.TEST ", password: "x" }, current)).toMatchObject({
      key: "emailUnchanged",
    });
    expect(emailChangeProblem({ email: "neuve@example.test", password: "" }, current)).toMatchObject({
      field: "password",
      key: "passwordRequired",
    });
    expect(emailChangeProblem({ email: " Neuve@Example.TEST ", password: "x" }, current)).toEqual({
      ok: true,
      email: "neuve@example.test",
    });
  });
});

describe("deleting the account", () => {
  it("asks for the password, and on the page for the ticked box", () => {
    expect(deletionProblem({ password: "" }, { confirmationAsked: false })).toMatchObject({ field: "password" });
    expect(deletionProblem({ password: "x" }, { confirmationAsked: false })).toBeNull();
    expect(deletionProblem({ password: "x" }, { confirmationAsked: true })).toEqual({
      field: "confirm",
      key: "deleteConfirmationRequired",
    });
    expect(deletionProblem({ password: "x", confirm: "on" }, { confirmationAsked: true })).toBeNull();
  });
});

describe("messages", () => {
  it("fills the placeholders of the French text", () => {
    expect(fillMessage({ key: "emailChangeSent", values: { email: "a@b.fr" } })).toBe(
      "Un lien de confirmation a été envoyé à a@b.fr. Ton adresse change dès que tu ouvres ce lien.",
    );
    expect(fillMessage({ key: "tooManyAttempts", values: { count: 3 } })).toBe(
      "Trop de tentatives. Réessaie dans 3 minutes.",
    );
  });

  it("names each code of the photo service by a key with the same French text", () => {
    expect(photoMessageKey("updated")).toBe("photoUpdated");
    expect(photoMessageKey("tooManyPixels")).toBe("photoTooManyPixels");
    for (const code of Object.keys(PHOTO_MESSAGES) as (keyof typeof PHOTO_MESSAGES)[]) {
      expect(MY_ACCOUNT_MESSAGES[photoMessageKey(code)!]).toBe(PHOTO_MESSAGES[code]);
    }
    expect(photoMessageKey("autre chose")).toBeNull();
    expect(photoMessageKey("toString")).toBeNull();
    expect(photoMessageKey(undefined)).toBeNull();
    expect(MY_ACCOUNT_MESSAGES.photoConfirmDelete).toBe("Voulez-vous vraiment supprimer votre photo de profil ?");
  });
});

describe("export formats", () => {
  it("defaults to JSON and refuses a format it does not make", () => {
    expect(parseExportFormat(null)).toBe("json");
    expect(parseExportFormat("")).toBe("json");
    expect(parseExportFormat("history-csv")).toBe("history-csv");
    expect(parseExportFormat("workouts-csv")).toBe("workouts-csv");
    expect(parseExportFormat("xml")).toBeNull();
  });
});

describe("My account's rules at their edges", () => {
  it("reads at most 512 characters of a password, and anything but text as none", () => {
    expect(passwordInput("x".repeat(600))).toBe("x".repeat(512));
    expect(passwordInput(" secret ")).toBe(" secret ");
    expect(passwordInput(["secret"])).toBe("");
  });

  it("refuses a new password of more than 256 characters, spaces included", () => {
    const padded = (spaces: number) => `${" ".repeat(spaces)}12345678${" ".repeat(spaces)}`;
    expect(padded(124)).toHaveLength(256);
    expect(newPasswordProblem(padded(124))).toBeNull();
    expect(newPasswordProblem(padded(125))).toBe("passwordTooLong");
  });

  it("compares the confirmation with the whole new password", () => {
    const next = `${"a".repeat(100)}-nouveau`;
    expect(
      passwordChangeProblem({
        currentPassword: "ancien-mdp",
        newPassword: next,
        confirmation: `${"a".repeat(100)}-autre`,
      }),
    ).toEqual({ field: "confirmation", key: "passwordsDiffer" });
  });

  it("answers each e-mail change problem with ok false", () => {
    const current = "lea@example.test";
    expect(emailChangeProblem({ email: "", password: "x" }, current)).toEqual({
      ok: false,
      field: "email",
      key: "emailRequired",
    });
    expect(emailChangeProblem({ email: "neuve@example.test" }, current)).toEqual({
      ok: false,
      field: "password",
      key: "passwordRequired",
    });
  });

  it("asks for the password of a deletion first", () => {
    expect(deletionProblem({ password: "", confirm: "on" }, { confirmationAsked: true })).toEqual({
      field: "password",
      key: "passwordRequired",
    });
  });

  it("knows a photo code only as a string", () => {
    expect(photoMessageKey(["updated"])).toBeNull();
  });

  it("defaults a missing export format to JSON", () => {
    expect(parseExportFormat(undefined)).toBe("json");
  });
});
