import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopbackHost, loadConfig } from "./config.server.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "dynami-config-"));

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({}, { dataDir: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: "sqlite:./data/app.db",
      mailDir: "./data/mail",
      smtpUrl: null,
      env: "development",
      isProduction: false,
      appUrl: "http://localhost:3000",
    });
  });

  it("generates a session secret once outside production and keeps it", () => {
    const dir = dataDir();
    const first = loadConfig({}, { dataDir: dir });
    const second = loadConfig({}, { dataDir: dir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first.sessionSecret);
  });

  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["HOST", { HOST: "   x" }],
    ["DATABASE_URL", { DATABASE_URL: "postgres://localhost/x" }],
    ["APP_URL", { APP_URL: "not a url" }],
    ["SMTP_URL", { SMTP_URL: "http://mail" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
  ])("names %s when its value is wrong", (variable, env) => {
    if (variable === "HOST") return expect(loadConfig(env, { dataDir: dataDir() }).host).toBe("x");
    try {
      loadConfig(env, { dataDir: dataDir() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
      expect((error as Error).message).toContain("expected");
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" }, { dataDir: dataDir() })).toThrow(/SESSION_SECRET/);
    const config = loadConfig(
      { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), APP_URL: "https://dynami.example/" },
      { dataDir: dataDir() },
    );
    expect(config.isProduction).toBe(true);
    expect(config.appUrl).toBe("https://dynami.example");
  });

  it("accepts MongoDB URLs and treats blank values as unset", () => {
    const config = loadConfig({ DATABASE_URL: "mongodb://db.example:27017/dynami", PORT: " " }, { dataDir: dataDir() });
    expect(config.databaseUrl).toBe("mongodb://db.example:27017/dynami");
    expect(config.port).toBe(3000);
  });

  it("turns the development tools on only outside production on a loopback address", () => {
    expect(loadConfig({}, { dataDir: dataDir() }).devTools).toEqual({ enabled: true });
    expect(loadConfig({ HOST: "::1", NODE_ENV: "test" }, { dataDir: dataDir() }).devTools).toEqual({ enabled: true });
    const exposed = loadConfig({ HOST: "0.0.0.0" }, { dataDir: dataDir() }).devTools;
    expect(exposed.enabled).toBe(false);
    expect(!exposed.enabled && exposed.reason).toMatch(/HOST=0\.0\.0\.0 is not a loopback address/);
    const production = loadConfig(
      { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), HOST: "127.0.0.1" },
      { dataDir: dataDir() },
    );
    expect(production.devTools).toEqual({ enabled: false, reason: null });
  });
});

describe("isLoopbackHost", () => {
  it.each(["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "LOCALHOST"])(
    "%s is loopback",
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each([
    "0.0.0.0",
    "::",
    "192.168.1.10",
    "10.0.0.1",
    "evil.example",
    "127.0.0.1.evil.example",
    "localhost.evil",
    "",
  ])("%s is not", (host) => expect(isLoopbackHost(host)).toBe(false));
});
