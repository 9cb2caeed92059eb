import { describe, expect, it } from "vitest";
import { renderMail } from "./templates.server";

describe("account mails", () => {
  it("writes the button's line with each language's punctuation: French spacing in French only", () => {
    const link = "http://localhost:3000/verify-email?token=abc";
    const line = (locale: string) =>
      renderMail("verifyEmail", { to: "a@b.fr", locale, link, name: "Léa" })
        .text.split("\n")
        .find((text) => text.endsWith(link));
    expect(line("fr")).toBe(`Confirmer mon adresse\u00a0: ${link}`);
    expect(line("en")).toBe(`Confirm my address: ${link}`);
    expect(line("de")).toBe(`Adresse bestätigen: ${link}`);
    expect(line("es")).toBe(`Confirmar mi dirección: ${link}`);
  });

  it("fills the values of My account's mails and tags them with their account", () => {
    const notice = renderMail("emailChangeNotice", {
      to: "lea@example.test",
      locale: "en",
      link: "http://localhost:3000/?compte=forgot",
      name: "Léa",
      values: { newEmail: "new@example.test" },
      userId: "0123456789abcdef01234567",
    });
    expect(notice).toMatchObject({ subject: "Email address change requested", userId: "0123456789abcdef01234567" });
    expect(notice.text).toContain("with new@example.test.");
    expect(notice.html).toContain("new@example.test");
  });

  it("sends the farewell without a button or a link", () => {
    const farewell = renderMail("accountDeleted", { to: "lea@example.test", locale: "fr", name: "Léa" });
    expect(farewell.subject).toBe("Ton compte Dynami a été supprimé");
    expect(farewell.text).not.toMatch(/https?:/);
    expect(farewell.html).not.toContain("<a ");
    expect(farewell).not.toHaveProperty("userId");
  });
});
