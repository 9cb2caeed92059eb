import { describe, expect, it } from "vitest";
import { offlineLanguage } from "./offline-language";
import { workerRouteOf } from "./routes";

const ORIGIN = "https://dynami.test";

describe("which requests the worker answers", () => {
  const route = (path: string, init: RequestInit & { mode?: RequestMode } = {}) => {
    const { mode, ...rest } = init;
    const request = new Request(path.startsWith("http") ? path : `${ORIGIN}${path}`, rest);
    // Node's Request cannot be built as a navigation: the mode is what the browser would give.
    if (mode === "navigate") Object.defineProperty(request, "mode", { value: "navigate" });
    return workerRouteOf(request, ORIGIN);
  };

  it("pages: GET navigations of this site; a form posted without JavaScript is the browser's", () => {
    expect(route("/exo?etape=1", { mode: "navigate" })).toBe("page");
    expect(route("/compte", { mode: "navigate", method: "POST", body: "intent=logout" })).toBeNull();
    expect(route("https://ailleurs.example/", { mode: "navigate" })).toBeNull();
  });

  it("the lifter's memory is kept; the rest of the API and the data requests are only watched, writes included", () => {
    expect(route("/api/exercises/pushups/history?limit=1")).toBe("personal");
    expect(route("/api/exercises/pushups/history", { method: "POST", body: "{}" })).toBe("watch");
    expect(route("/api/workouts/sessions", { method: "POST", body: "{}" })).toBe("watch");
    expect(route("/api/me", { method: "DELETE", body: "{}" })).toBe("watch");
    expect(route("/exo.data?_routes=routes%2Fexo")).toBe("watch");
    expect(route("/compte.data", { method: "POST", body: "intent=logout" })).toBe("watch");
  });

  it("files are left to the precache or the network", () => {
    expect(route("/assets/site-abc.js")).toBeNull();
    expect(route("/photos/u/v.webp")).toBeNull();
    expect(route("/data/exo/muscu.json")).toBeNull();
  });
});

describe("the offline page's language", () => {
  const url = (search = "") => new URL(`${ORIGIN}/contact${search}`);

  it("follows the server's order: ?lng=, the cookie, the browser's languages, French", () => {
    expect(offlineLanguage({ url: url("?lng=es"), cookieLanguage: "de", browserLanguages: ["en"] })).toBe("es");
    expect(offlineLanguage({ url: url(), cookieLanguage: "de", browserLanguages: ["en"] })).toBe("de");
    expect(offlineLanguage({ url: url(), cookieLanguage: null, browserLanguages: ["it-IT", "en-GB"] })).toBe("en");
    expect(offlineLanguage({ url: url(), cookieLanguage: "xx", browserLanguages: ["it"] })).toBe("fr");
  });
});
