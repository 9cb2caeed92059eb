import { createCookie } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createSignedCookie } from "./signed-cookie.server";

const NAME = "dynami_session";
const OPTIONS = { httpOnly: true, sameSite: "lax", path: "/", secure: true } as const;
const SECRET = "a-session-secret-of-at-least-32-characters";
const OLD_SECRET = "the-previous-secret-of-at-least-32-chars";

/** React Router's own signed cookie: what the fast reading must agree with. */
const reference = createCookie(NAME, { ...OPTIONS, secrets: [SECRET, OLD_SECRET] });
const fast = createSignedCookie(NAME, { ...OPTIONS, secrets: [SECRET, OLD_SECRET] });

/** "name=value" of a Set-Cookie header. */
async function cookiePair(value: unknown, secrets = [SECRET]): Promise<string> {
  const header = await createCookie(NAME, { ...OPTIONS, secrets }).serialize(value);
  return header.split(";")[0]!;
}

describe("a signed cookie read without WebCrypto", () => {
  it("reads back what React Router signed: a token, an object, text beyond ASCII", async () => {
    for (const value of ["kq3V-token_value", { flash: "Enregistré ✓", count: 2 }, "café"]) {
      const header = `theme=dark; ${await cookiePair(value)}; lng=fr`;
      expect(await fast.parse(header)).toEqual(value);
    }
  });

  it("checks a good signature itself, without WebCrypto", async () => {
    const header = await cookiePair("token");
    const verify = vi.spyOn(crypto.subtle, "verify");
    try {
      expect(await fast.parse(header)).toBe("token");
      expect(verify).not.toHaveBeenCalled();
      await reference.parse(header);
      expect(verify).toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
  });

  it("reads a cookie signed with an older secret still listed", async () => {
    expect(await fast.parse(await cookiePair("token", [OLD_SECRET]))).toBe("token");
  });

  it("writes what React Router writes", async () => {
    expect(await fast.serialize("token")).toBe(await reference.serialize("token"));
    expect(fast.name).toBe(NAME);
    expect(fast.isSigned).toBe(true);
  });

  it("answers as React Router does to every other header", async () => {
    const good = await cookiePair("token");
    const [, signedValue = ""] = good.split("=");
    const decoded = decodeURIComponent(signedValue);
    const [value = "", signature = ""] = [
      decoded.slice(0, decoded.lastIndexOf(".")),
      decoded.slice(decoded.lastIndexOf(".") + 1),
    ];
    const headers: (string | null)[] = [
      null,
      "",
      "theme=dark",
      `${NAME}=`,
      `${NAME}=garbage`,
      `${NAME}=${encodeURIComponent(`${value}.`)}`,
      // Tampered value, tampered signature, another secret.
      `${NAME}=${encodeURIComponent(`${value.slice(0, -2)}xx.${signature}`)}`,
      `${NAME}=${encodeURIComponent(`${value}.${signature.slice(0, -1)}A`)}`,
      await cookiePair("token", ["an-unknown-secret-of-at-least-32-chars"]),
      // The right signature with its padding, or characters base64 skips.
      `${NAME}=${encodeURIComponent(`${value}.${signature}=`)}`,
      `${NAME}=${encodeURIComponent(`${value}.${signature.slice(0, 4)}Ł${signature.slice(4)}`)}`,
      // Malformed percent-encoding, a duplicate, spaces and tabs.
      `${NAME}=%E0%A4%A; ${good}`,
      `${good}; ${NAME}=${encodeURIComponent(`${value}.${signature.slice(1)}`)}`,
      `  \t${good}\t ; lng=de`,
      // A value that is not React Router's JSON in base64.
      `${NAME}=${encodeURIComponent(`not-base64.${signature}`)}`,
    ];
    for (const header of headers) {
      expect({ header, value: await fast.parse(header) }).toEqual({ header, value: await reference.parse(header) });
    }
  });
});
