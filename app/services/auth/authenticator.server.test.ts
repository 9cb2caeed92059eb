import { FormStrategy } from "remix-auth-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as accountRoute from "~/routes/compte";
import * as loginRoute from "~/routes/api/login";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import { authenticator, signIn } from "./authenticator.server";
import { seedDemoAccounts } from "./demo-accounts.server";

const app = freshTestAppPerTest();
afterEach(() => {
  vi.restoreAllMocks();
});

const demo = { identifier: "demo", password: "demo-dynami-2026" };

function dialogLogin(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ intent: "login", _js: "1", redirectTo: "/", ...fields })) {
    body.set(name, value);
  }
  return callRoute(
    accountRoute.action as never,
    new Request("http://localhost:3000/compte", { method: "POST", body }),
    {
      context: app.context(),
    },
  );
}

describe("the authenticator", () => {
  it("has a strategy per way in: remix-auth-form for the dialog, JSON for the API", () => {
    expect(authenticator.get("form")).toBeInstanceOf(FormStrategy);
    expect(authenticator.get("json")?.name).toBe("json");
  });

  it("signs the dialog's form in through the form strategy", async () => {
    await seedDemoAccounts(app.services.store);
    const authenticate = vi.spyOn(authenticator, "authenticate");
    const response = await dialogLogin(demo);
    expect(response.status).toBe(200);
    expect(authenticate).toHaveBeenCalledTimes(1);
    expect(authenticate.mock.calls[0]![0]).toBe("form");
  });

  it("signs POST /api/login in through the JSON strategy", async () => {
    await seedDemoAccounts(app.services.store);
    const authenticate = vi.spyOn(authenticator, "authenticate");
    const response = await callRoute(loginRoute.action as never, jsonRequest("/api/login", demo), {
      context: app.context(),
    });
    expect(response.status).toBe(200);
    expect(authenticate.mock.calls.map((call) => call[0])).toEqual(["json"]);
  });

  it("gives back the login's refusal, and the API's 4xx for a body that is not JSON", async () => {
    await seedDemoAccounts(app.services.store);
    const refused = await signIn(
      "json",
      jsonRequest("/api/login", { identifier: "demo", password: "wrong-password" }),
      app.context(),
    );
    expect(refused).toMatchObject({ ok: false, status: 401, message: { key: "loginFailed" } });
    await expect(signIn("json", jsonRequest("/api/login", "{not json"), app.context())).rejects.toMatchObject({
      status: 400,
    });
  });
});
