import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_TIMINGS, validateContact } from "./contact.ts";
import { contactSchema, createContactSchema } from "./contact-schema.ts";

const valid = {
  nom: "Camille Martin",
  email: "camille@example.fr",
  sujet: "Une question sur l'IMC",
  message: "Bonjour, est-ce que l'IMC marche pour les sportifs ?",
  consent: true,
  captchaToken: null,
};

function messagesOf(input: unknown): string[] {
  const result = contactSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The schema's issues as a caller reads them: code, field path and message. */
function issuesOf(input: unknown) {
  return contactSchema.safeParse(input).error?.issues.map((issue) => ({
    code: issue.code,
    path: issue.path,
    message: issue.message,
  }));
}

function firstMessage(input: unknown): string | undefined {
  return messagesOf(input)[0];
}

describe("contact form rules", () => {
  it("accepts a complete message and drops unknown keys such as captchaToken", () => {
    const result = contactSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      nom: "Camille Martin",
      email: "camille@example.fr",
      sujet: "Une question sur l'IMC",
      message: "Bonjour, est-ce que l'IMC marche pour les sportifs ?",
      consent: true,
    });
  });

  it("gives the spec's exact message for each missing field", () => {
    expect(firstMessage({ ...valid, nom: "" })).toBe("Ton nom est requis.");
    expect(firstMessage({ ...valid, email: "" })).toBe("Ton e-mail est requis.");
    expect(firstMessage({ ...valid, email: "pas-un-email" })).toBe("Email invalide.");
    expect(firstMessage({ ...valid, sujet: "" })).toBe("Un sujet est requis.");
    expect(firstMessage({ ...valid, message: "" })).toBe("Ton message est vide.");
    expect(firstMessage({ ...valid, consent: false })).toBe("Merci d'accepter la politique de confidentialité.");
  });

  it("reports the fields in the form's order, one message per field", () => {
    expect(messagesOf({})).toEqual([
      "Ton nom est requis.",
      "Ton e-mail est requis.",
      "Un sujet est requis.",
      "Ton message est vide.",
      "Merci d'accepter la politique de confidentialité.",
    ]);
    expect(messagesOf({ ...valid, email: "x", message: " ", consent: "off" })).toEqual([
      "Email invalide.",
      "Ton message est vide.",
      "Merci d'accepter la politique de confidentialité.",
    ]);
  });

  it("treats blank text as missing and trims what it keeps", () => {
    expect(firstMessage({ ...valid, nom: "   \n\t " })).toBe("Ton nom est requis.");
    const result = contactSchema.parse({
      ...valid,
      nom: "  Camille\n  Martin ",
      email: " a@b.fr ",
      message: "\r\nLigne 1\r\nLigne 2  ",
    });
    expect(result.nom).toBe("Camille Martin");
    expect(result.email).toBe("a@b.fr");
    expect(result.message).toBe("Ligne 1\nLigne 2");
  });

  it("keeps the subject and the name on one line (they go into a mail header)", () => {
    const result = contactSchema.parse({ ...valid, sujet: "Bonjour\r\nBcc: someone@example.com" });
    expect(result.sujet).toBe("Bonjour Bcc: someone@example.com");
  });

  it("drops control characters but keeps tabs and line breaks", () => {
    const result = contactSchema.parse({
      ...valid,
      nom: "Ca\u0000mi\u001Blle",
      message: "Ligne\u00071\tfin\r\nLigne\u007F\u00852",
    });
    expect(result.nom).toBe("Camille");
    expect(result.message).toBe("Ligne1\tfin\nLigne2");
  });

  it("turns wrong types and operator objects into 'missing', never a crash", () => {
    expect(firstMessage({ ...valid, nom: 42 })).toBe("Ton nom est requis.");
    expect(firstMessage({ ...valid, email: { $gt: "" } })).toBe("Ton e-mail est requis.");
    expect(firstMessage({ ...valid, sujet: ["a"] })).toBe("Un sujet est requis.");
    expect(firstMessage({ ...valid, message: null })).toBe("Ton message est vide.");
    expect(firstMessage({ ...valid, consent: { $ne: false } })).toBe(
      "Merci d'accepter la politique de confidentialité.",
    );
    for (const body of [null, [], "texte", 12, true]) expect(firstMessage(body)).toBe("Ton nom est requis.");
  });

  it("accepts the checkbox as a form sends it ('on') and as JSON sends it (true)", () => {
    expect(contactSchema.safeParse({ ...valid, consent: "on" }).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, consent: "true" }).success).toBe(true);
    for (const consent of [undefined, "", "off", 1, "yes"]) {
      expect(firstMessage({ ...valid, consent })).toBe("Merci d'accepter la politique de confidentialité.");
    }
  });

  it("checks the e-mail pattern", () => {
    for (const email of ["a@b.fr", "prenom.nom+tag@sous.domaine.example", "élodie@exemple.fr"]) {
      expect(firstMessage({ ...valid, email })).toBeUndefined();
    }
    for (const email of ["a@b", "a b@c.fr", "@b.fr", "a@.fr", "a@b.", "a@@b.fr", "a@b..fr", "a@b.fr@c.fr"]) {
      expect(firstMessage({ ...valid, email })).toBe("Email invalide.");
    }
  });

  it("accepts each field up to its limit and gives a clear message beyond", () => {
    const domain = "@example.fr";
    const longestEmail = "a".repeat(CONTACT_LIMITS.email - domain.length) + domain;
    expect(
      contactSchema.safeParse({
        ...valid,
        nom: "n".repeat(CONTACT_LIMITS.nom),
        email: longestEmail,
        sujet: "s".repeat(CONTACT_LIMITS.sujet),
        message: "m".repeat(CONTACT_LIMITS.message),
      }).success,
    ).toBe(true);
    expect(firstMessage({ ...valid, nom: "n".repeat(101) })).toBe("Ton nom est trop long (100 caractères maximum).");
    expect(firstMessage({ ...valid, email: `a${longestEmail}` })).toBe(
      "Ton e-mail est trop long (254 caractères maximum).",
    );
    expect(firstMessage({ ...valid, sujet: "s".repeat(151) })).toBe(
      "Ton sujet est trop long (150 caractères maximum).",
    );
    expect(firstMessage({ ...valid, message: "m".repeat(5001) })).toBe(
      "Ton message est trop long (5000 caractères maximum).",
    );
  });

  it("judges a huge e-mail by its length without running the pattern on it", () => {
    const started = performance.now();
    expect(firstMessage({ ...valid, email: `${"a.".repeat(200_000)}!` })).toBe(
      "Ton e-mail est trop long (254 caractères maximum).",
    );
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("speaks another language when given its messages", () => {
    const english = Object.fromEntries(Object.keys(CONTACT_MESSAGES).map((key) => [key, `en:${key}`])) as Record<
      keyof typeof CONTACT_MESSAGES,
      string
    >;
    const result = createContactSchema(english).safeParse({ ...valid, nom: "" });
    expect(result.error?.issues[0]?.message).toBe("en:nomRequired");
  });

  it("keeps the spec's timings", () => {
    expect(CONTACT_TIMINGS).toEqual({ minimumSendingMs: 6000, successDisplayMs: 2200 });
    expect(CONTACT_MESSAGES.success).toBe("Message envoyé ✔");
    expect(CONTACT_MESSAGES.failure).toBe("Une erreur est survenue. Réessaie.");
  });

  it("has the same French texts in locales/fr/contact.json", () => {
    const file = path.resolve(import.meta.dirname, "../../locales/fr/contact.json");
    const french = JSON.parse(readFileSync(file, "utf8")) as { errors: Record<string, string> };
    expect(french.errors).toEqual(CONTACT_MESSAGES);
  });
});

describe("contact rules outside the schema", () => {
  it("reads a body that is not an object as an empty form", () => {
    const empty = validateContact({});
    expect(empty.ok).toBe(false);
    for (const body of [null, undefined, "texte", ["Camille"]]) expect(validateContact(body)).toEqual(empty);
  });

  it("writes an old Mac line break in the message as \\n", () => {
    const result = validateContact({ ...valid, message: "Ligne 1\rLigne 2" });
    expect(result).toMatchObject({ ok: true, value: { message: "Ligne 1\nLigne 2" } });
  });

  it("answers a body that is not an object with one issue, the name's, without a path", () => {
    for (const body of ["texte", null, [valid]]) {
      expect(issuesOf(body)).toEqual([{ code: "custom", path: [], message: "Ton nom est requis." }]);
    }
  });

  it("puts each failing field's issue on its path", () => {
    expect(issuesOf({ ...valid, nom: "", sujet: "" })).toEqual([
      { code: "custom", path: ["nom"], message: "Ton nom est requis." },
      { code: "custom", path: ["sujet"], message: "Un sujet est requis." },
    ]);
  });
});
