import { describe, expect, it } from "vitest";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as consentRoute from "./preferences.consent.ts";
import * as themeRoute from "./preferences.theme.ts";

const app = freshTestAppPerTest();

const forms = [
  ["/preferences/theme", themeRoute, { theme: "dark" }],
  ["/preferences/consent", consentRoute, { choice: "preferences" }],
] as const;

describe.each(forms)("POST %s", (path, route, fields) => {
  it.each(["/.//evil.example/", "/..//evil.example/", "/./\\evil.example/", "//evil.example", "/\\evil.example"])(
    "never sends the browser off the site with redirectTo=%j",
    async (redirectTo) => {
      const request = new Request(`http://localhost:3000${path}`, {
        method: "POST",
        body: new URLSearchParams({ ...fields, redirectTo }),
      });
      const response = await callRoute(route.action as never, request, { context: app.context() });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
      expect(response.headers.get("Set-Cookie")).not.toBeNull();
    },
  );

  it("goes back to a path of the site, resolved like a browser would", async () => {
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      body: new URLSearchParams({ ...fields, redirectTo: "/outils/./../imc?x=1" }),
    });
    const response = await callRoute(route.action as never, request, { context: app.context() });
    expect(response.headers.get("Location")).toBe("/imc?x=1");
  });
});
