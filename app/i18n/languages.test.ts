import { describe, expect, it } from "vitest";
import { detectLanguage, languageFromAcceptLanguage, toSupportedLanguage } from "./languages.ts";

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${url}`, { headers });

describe("language detection", () => {
  it("follows the spec's order: ?lng=, cookie, browser languages, French", () => {
    expect(detectLanguage(request("/?lng=es", { Cookie: "lng=de", "Accept-Language": "en" }))).toEqual({
      language: "es",
      fromSearchParam: true,
    });
    expect(detectLanguage(request("/", { Cookie: "theme=dark; lng=de", "Accept-Language": "en" })).language).toBe("de");
    expect(detectLanguage(request("/", { "Accept-Language": "en-GB,en;q=0.9" })).language).toBe("en");
    expect(detectLanguage(request("/")).language).toBe("fr");
  });

  it("ignores unsupported values and falls through to the next source", () => {
    expect(detectLanguage(request("/?lng=it", { Cookie: "lng=xx", "Accept-Language": "es" }))).toEqual({
      language: "es",
      fromSearchParam: false,
    });
  });

  it("honours q-values in Accept-Language", () => {
    expect(languageFromAcceptLanguage("it;q=1, de;q=0.5, en;q=0.8")).toBe("en");
    expect(languageFromAcceptLanguage("pt-BR, it")).toBeNull();
    expect(languageFromAcceptLanguage("en;q=0, de")).toBe("de");
  });

  it("reduces regional tags to the base language", () => {
    expect(toSupportedLanguage("de-AT")).toBe("de");
    expect(toSupportedLanguage("ES")).toBe("es");
    expect(toSupportedLanguage("")).toBeNull();
  });
});
