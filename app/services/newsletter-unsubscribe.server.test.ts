import { describe, expect, it } from "vitest";
import { subscriberIdOfToken, unsubscribeTokenFor } from "./newsletter-unsubscribe.server";

const secret = "a-secret-of-at-least-32-characters-0123";
const id = "65f000000000000000000001";

describe("newsletter unsubscribe tokens", () => {
  it("names the subscriber, signed: the server reads back the id it signed", () => {
    const token = unsubscribeTokenFor(secret, id);
    expect(token).toMatch(/^65f000000000000000000001\.[\w-]{43}$/);
    expect(subscriberIdOfToken(secret, token)).toBe(id);
  });

  it("refuses a token signed with another secret, for another id, or altered", () => {
    const token = unsubscribeTokenFor(secret, id);
    const [, signature = ""] = token.split(".");
    expect(subscriberIdOfToken("another-secret-of-32-characters-000000", token)).toBeNull();
    expect(subscriberIdOfToken(secret, `65f000000000000000000002.${signature}`)).toBeNull();
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(subscriberIdOfToken(secret, `${id}.${flipped}`)).toBeNull();
  });

  it("reads a token of an earlier version (random hex) as not signed", () => {
    expect(subscriberIdOfToken(secret, "ab".repeat(32))).toBeNull();
    expect(subscriberIdOfToken(secret, "")).toBeNull();
    expect(subscriberIdOfToken(secret, `${id}.`)).toBeNull();
  });
});
