import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.server.ts";
import { hashToken, newToken } from "./tokens.server.ts";

describe("passwords", () => {
  it("verifies the right password and rejects another", async () => {
    const stored = await hashPassword("motdepasse123");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("motdepasse123", stored)).toBe(true);
    expect(await verifyPassword("motdepasse124", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("rejects a malformed stored hash and always fails the dummy check", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyAgainstDummy("dummy-password-for-timing")).toBe(false);
  });
});

describe("tokens", () => {
  it("are random and hashed to hex", () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});
