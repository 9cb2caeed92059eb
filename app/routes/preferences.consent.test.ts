import { describe, expect, it } from "vitest";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as consentRoute from "./preferences.consent.ts";

const app = freshTestAppPerTest();

function choose(fields: Record<string, string>) {
  const request = new Request("http://localhost:3000/preferences/consent", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return callRoute(consentRoute.action as never, request, { context: app.context() });
}

describe("POST /preferences/consent", () => {
  it("sets cookie_consent and goes back to the page (303)", async () => {
    const response = await choose({ choice: "preferences", redirectTo: "/outils?onglet=imc" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/outils?onglet=imc");
    expect(response.headers.get("Set-Cookie")).toMatch(
      /^cookie_consent=preferences; Path=\/; Max-Age=\d+; SameSite=Lax$/,
    );
  });

  it("ignores an unknown choice and never redirects off the site", async () => {
    const response = await choose({ choice: "everything", redirectTo: "//evil.example" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
