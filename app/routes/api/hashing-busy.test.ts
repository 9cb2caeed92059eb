import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES, SIGN_IN_START_CHECK_WITHIN_MS } from "~/domain/account";
import { seedDemoAccounts } from "~/services/auth/demo-accounts.server";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as accountRoute from "../compte.ts";
import * as loginRoute from "./login.ts";
import * as registerRoute from "./register.ts";

// When the hashing queue is full, what hashes a password answers 503 with
// Retry-After and does nothing: no account, no counted failure.
const busy = vi.hoisted(() => ({ on: false, deadlines: [] as (number | undefined)[] }));
vi.mock("~/services/auth/passwords.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/services/auth/passwords.server")>();
  const whenFree =
    <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    (...args: Args) => {
      busy.deadlines.push((args.at(-1) as { deadline?: number } | undefined)?.deadline);
      return busy.on ? Promise.reject(new real.HashingBusyError()) : run(...args);
    };
  return {
    ...real,
    hashPassword: whenFree(real.hashPassword),
    verifyPassword: whenFree(real.verifyPassword),
    verifyAgainstDummy: whenFree(real.verifyAgainstDummy),
  };
});

const app = freshTestAppPerTest();
afterEach(() => {
  busy.on = false;
  busy.deadlines = [];
});

const login = (password = "demo-dynami-2026") =>
  callRoute(loginRoute.action as never, jsonRequest("/api/login", { identifier: "demo", password }), {
    context: app.context("10.3.0.1"),
  });

describe("a full hashing queue", () => {
  it("answers a login 503 with Retry-After, and counts no failure", async () => {
    await seedDemoAccounts(app.services.store);
    busy.on = true;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const refused = await login();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("5");
      expect(await refused.json()).toEqual({ message: ACCOUNT_MESSAGES.busy, code: "BUSY" });
    }
    busy.on = false;
    // Eight refusals from one address, yet no lockout: none of them was a failure.
    expect((await login()).status).toBe(200);
  });

  it("gives a login's password check one deadline, its slowdown included: 4.5 s after the request came", async () => {
    await seedDemoAccounts(app.services.store);
    for (let i = 0; i < 6; i++) {
      await callRoute(
        loginRoute.action as never,
        jsonRequest("/api/login", { identifier: "demo", password: `faux-${i}` }),
        {
          context: app.context(`10.4.0.${i}`),
        },
      );
    }
    busy.deadlines = [];
    const started = Date.now();
    // Six failures: this login first waits its slowdown (about half a second).
    expect((await login()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    const [deadline] = busy.deadlines;
    expect(deadline! - started).toBeGreaterThanOrEqual(SIGN_IN_START_CHECK_WITHIN_MS - 50);
    expect(deadline! - started).toBeLessThanOrEqual(SIGN_IN_START_CHECK_WITHIN_MS + 50);
  });

  it("answers a sign-up 503 and creates nothing", async () => {
    busy.on = true;
    const refused = await callRoute(
      registerRoute.action as never,
      jsonRequest("/api/register", { email: "busy@example.com", pseudo: "busy", motdepasse: "motdepasse-123" }),
      { context: app.context() },
    );
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("5");
    expect(await app.services.store.users.count()).toBe(0);
  });

  it("gives the dialog the busy message", async () => {
    await seedDemoAccounts(app.services.store);
    busy.on = true;
    const body = new FormData();
    for (const [name, value] of Object.entries({
      intent: "login",
      _js: "1",
      identifier: "demo",
      password: "demo-dynami-2026",
    })) {
      body.set(name, value);
    }
    const refused = await callRoute(
      accountRoute.action as never,
      new Request("http://localhost:3000/compte", { method: "POST", body }),
      { context: app.context() },
    );
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ ok: false, message: { key: "busy" } });
  });
});
