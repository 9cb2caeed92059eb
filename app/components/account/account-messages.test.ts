import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGE_KEYS, type AccountMessage, accountMessageText } from "~/domain/account";
import { supportedLanguages } from "~/i18n/languages";
import { fixedT } from "~/i18n/translator";
import { fallbackMessageFor, translateAccountMessage } from "./account-messages";
import { parseAccountView, withAccountView, withoutAccountView } from "./account-url";

const localesDir = path.resolve(import.meta.dirname, "../../../locales");
const accountJson = (language: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, "account.json"), "utf8")) as Record<string, unknown>;

/** The translator components render with, over the account texts of a language. */
function translatorFor(language: string) {
  return fixedT(
    { language, bundles: { account: accountJson(language) }, fallbackLanguage: "fr", fallbackBundles: {} },
    "account",
  );
}

/** Every message the services and rules answer, the templated ones with values. */
const everyMessage: AccountMessage[] = [
  ...ACCOUNT_MESSAGE_KEYS.filter((key) => key !== "forgotSent" && key !== "tooManyAttempts").map(
    (key) => ({ key }) as AccountMessage,
  ),
  { key: "forgotSent", values: { email: "lea@example.com" } },
  { key: "tooManyAttempts", values: { count: 1 } },
  { key: "tooManyAttempts", values: { count: 14 } },
];

describe("the account messages in the reader's language", () => {
  it("says in French exactly what the spec says (the JSON API's text)", () => {
    const t = translatorFor("fr");
    for (const message of everyMessage) expect(translateAccountMessage(t, message)).toBe(accountMessageText(message));
    expect(accountMessageText({ key: "tooManyAttempts", values: { count: 1 } })).toBe(
      "Trop de tentatives. Réessaie dans 1 minute.",
    );
    expect(accountMessageText({ key: "forgotSent", values: { email: "lea@example.com" } })).toBe(
      "Si un compte existe pour lea@example.com, un lien de réinitialisation a été envoyé.",
    );
  });

  it.each(supportedLanguages.filter((language) => language !== "fr"))(
    "translates every message into %s, values included",
    (language) => {
      const t = translatorFor(language);
      for (const message of everyMessage) {
        const translated = translateAccountMessage(t, message);
        expect(translated, message.key).not.toBe(accountMessageText(message));
        expect(translated).not.toMatch(/\{\{|messages\./);
      }
      expect(translateAccountMessage(t, { key: "forgotSent", values: { email: "lea@example.com" } })).toContain(
        "lea@example.com",
      );
      expect(translateAccountMessage(t, { key: "tooManyAttempts", values: { count: 14 } })).toContain("14");
    },
  );

  it("has the spec's fallback for each form when a request fails without an answer", () => {
    expect(accountMessageText(fallbackMessageFor("login"))).toBe("Erreur de connexion. Réessaie.");
    expect(accountMessageText(fallbackMessageFor("register"))).toBe("Une erreur est survenue. Réessaie.");
    expect(accountMessageText(fallbackMessageFor("forgot"))).toBe(
      "Impossible d'envoyer le lien. Réessaie dans un instant.",
    );
  });
});

describe("the dialog's address", () => {
  it("opens on a known view, or on login for any other value", () => {
    expect(parseAccountView(null)).toBeNull();
    expect(parseAccountView("history")).toBe("history");
    expect(parseAccountView("nimportequoi")).toBe("login");
  });

  it("adds and drops only the compte parameter", () => {
    expect(withAccountView("/outils?onglet=imc", "create")).toBe("/outils?onglet=imc&compte=create");
    expect(withAccountView("/?compte=login", "forgot")).toBe("/?compte=forgot");
    expect(withoutAccountView("/outils?compte=login&onglet=imc")).toBe("/outils?onglet=imc");
    expect(withoutAccountView("/?compte=history")).toBe("/");
  });
});
