import { describe, expect, it } from "vitest";
import { deletionBody, emailChangeBody, newsletterBody, passwordChangeBody } from "./my-account-schema";

const invalid = "Requête invalide.";
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe("My account's JSON bodies", () => {
  it("takes string fields, or leaves them out for the rules to name", () => {
    expect(
      passwordChangeBody(invalid).parse({ currentPassword: "ancien", newPassword: "nouveau", confirmation: "nouveau" }),
    ).toEqual({ currentPassword: "ancien", newPassword: "nouveau", confirmation: "nouveau" });
    expect(emailChangeBody(invalid).parse({ email: "lea@example.test", extra: 1 })).toEqual({
      email: "lea@example.test",
    });
    expect(deletionBody(invalid).parse({})).toEqual({});
  });

  it("answers the request language's message for a body that is not an object", () => {
    for (const body of [passwordChangeBody, emailChangeBody, deletionBody, newsletterBody]) {
      expect(messages(body(invalid).safeParse("texte"))).toEqual([invalid]);
      expect(messages(body(invalid).safeParse(null))).toEqual([invalid]);
    }
  });

  it("refuses an operator object in place of a field", () => {
    expect(messages(passwordChangeBody(invalid).safeParse({ currentPassword: { $gt: "" } }))).toEqual([invalid]);
    expect(messages(emailChangeBody(invalid).safeParse({ password: { $ne: null } }))).toEqual([invalid]);
    expect(messages(deletionBody(invalid).safeParse({ password: 1234 }))).toEqual([invalid]);
  });

  it("needs the newsletter choice as a boolean", () => {
    expect(newsletterBody(invalid).parse({ subscribed: false })).toEqual({ subscribed: false });
    expect(messages(newsletterBody(invalid).safeParse({ subscribed: "on" }))).toEqual([invalid]);
    expect(messages(newsletterBody(invalid).safeParse({}))).toEqual([invalid]);
  });
});
