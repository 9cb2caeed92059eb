import { readFileSync } from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { ACCOUNT_FALLBACK_MESSAGES, ACCOUNT_MESSAGES } from "~/domain/account";
import { supportedLanguages } from "~/i18n/languages";
import { accountMessageKey, translateAccountMessage } from "./account-messages";
import { parseAccountView, withAccountView, withoutAccountView } from "./account-url";

const localesDir = path.resolve(import.meta.dirname, "../../../locales");
const accountJson = (language: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, "account.json"), "utf8")) as Record<string, unknown>;

async function translatorFor(language: string) {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: "fr",
    resources: Object.fromEntries(supportedLanguages.map((lng) => [lng, { account: accountJson(lng) }])),
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const everyFrenchMessage: string[] = [
  ...Object.values(ACCOUNT_MESSAGES).flatMap((message) => (typeof message === "string" ? [message] : [])),
  ...Object.values(ACCOUNT_FALLBACK_MESSAGES),
  ACCOUNT_MESSAGES.forgotSent("lea@example.com"),
  ACCOUNT_MESSAGES.tooManyAttempts(1),
  ACCOUNT_MESSAGES.tooManyAttempts(14),
];

describe("the account messages in the reader's language", () => {
  it("knows every message the services send", () => {
    for (const message of everyFrenchMessage) expect(accountMessageKey(message), message).not.toBeNull();
  });

  it("keeps French exactly as the services write it", async () => {
    const t = await translatorFor("fr");
    for (const message of everyFrenchMessage) expect(translateAccountMessage(t, message)).toBe(message);
  });

  it.each(["en", "de", "es"])("translates every known message into %s, values included", async (language) => {
    const t = await translatorFor(language);
    for (const message of everyFrenchMessage) {
      const translated = translateAccountMessage(t, message);
      expect(translated, message).not.toBe(message);
      expect(translated).not.toMatch(/\{\{|messages\./);
    }
    expect(translateAccountMessage(t, ACCOUNT_MESSAGES.forgotSent("lea@example.com"))).toContain("lea@example.com");
    expect(translateAccountMessage(t, ACCOUNT_MESSAGES.tooManyAttempts(14))).toContain("14");
  });

  it("shows an unknown message as it came", async () => {
    const t = await translatorFor("en");
    expect(translateAccountMessage(t, "Message inconnu.")).toBe("Message inconnu.");
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
