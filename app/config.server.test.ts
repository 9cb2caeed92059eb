import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopbackHost, loadConfig, unsetLegalNoticeVariables } from "./config.server.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "dynami-config-"));

describe("loadConfig", () => {
  it("reads the legal notice's settings, trimmed, and leaves the unset ones null", () => {
    const config = loadConfig(
      { LEGAL_PUBLISHER_NAME: " Dynami SAS ", LEGAL_HOST_PHONE: "+33 1 23 45 67 89", LEGAL_HOST_NAME: "  " },
      { dataDir: dataDir() },
    );
    expect(config.legalNotice).toEqual({
      publisherName: "Dynami SAS",
      publisherAddress: null,
      publicationDirector: null,
      hostName: null,
      hostAddress: null,
      hostPhone: "+33 1 23 45 67 89",
    });
    // The start-up notice names what is left to set.
    expect(unsetLegalNoticeVariables(config.legalNotice)).toEqual([
      "LEGAL_PUBLISHER_ADDRESS",
      "LEGAL_PUBLICATION_DIRECTOR",
      "LEGAL_HOST_NAME",
      "LEGAL_HOST_ADDRESS",
    ]);
  });

  it.each([
    ["LEGAL_PUBLISHER_ADDRESS", { LEGAL_PUBLISHER_ADDRESS: "12 rue des Galets\n69001 Lyon" }],
    ["LEGAL_HOST_NAME", { LEGAL_HOST_NAME: "x".repeat(301) }],
  ])("stops at a legal notice setting that is not one line of text: %s", (variable, env) => {
    expect(() => loadConfig(env, { dataDir: dataDir() })).toThrow(
      expect.objectContaining({ name: "ConfigError", variable }),
    );
  });

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

  it.each([
    [{}, false],
    [{ TRUST_PROXY: "off" }, false],
    [{ TRUST_PROXY: "1" }, 1],
    [{ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,::1,fd00::/8" }, ["10.0.0.5", "10.1.0.0/16", "::1", "fd00::/8"]],
    [{ TRUST_PROXY: "loopback" }, ["loopback"]],
  ])("reads TRUST_PROXY %j (off by default)", (env, trustProxy) => {
    expect(loadConfig(env, { dataDir: dataDir() }).trustProxy).toEqual(trustProxy);
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
    ["HOST", { HOST: "0.0.0.0 " }],
    ["HOST", { HOST: "my host" }],
    ["HOST", { HOST: "http://localhost" }],
    ["HOST", { HOST: "localhost:3000" }],
    ["HOST", { HOST: "[::1]" }],
    ["HOST", { HOST: "999.0.0.1" }],
    ["HOST", { HOST: "1.2.3" }],
    ["HOST", { HOST: "-dash.example" }],
    ["HOST", { HOST: "under_score" }],
    ["HOST", { HOST: `${"a".repeat(64)}.example` }],
    ["DATABASE_URL", { DATABASE_URL: "postgres://localhost/x" }],
    ["APP_URL", { APP_URL: "not a url" }],
    ["SMTP_URL", { SMTP_URL: "http://mail" }],
    ["NODE_ENV", { NODE_ENV: "staging" }],
    ["TRUST_PROXY", { TRUST_PROXY: "yes please" }],
    ["TRUST_PROXY", { TRUST_PROXY: "11" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.1,10.0.0.999" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/33" }],
    ["TRUST_PROXY", { TRUST_PROXY: "proxy.example" }],
  ])("names %s when its value is wrong", (variable, env) => {
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

  it.each(["127.0.0.1", "0.0.0.0", "::", "::1", "fe80::1", "::ffff:192.0.2.1", "localhost", "app-1.internal", "x"])(
    "listens on HOST=%s as given",
    (host) => {
      expect(loadConfig({ HOST: host }, { dataDir: dataDir() }).host).toBe(host);
    },
  );

  it("takes a blank HOST for unset (the default address)", () => {
    expect(loadConfig({ HOST: "   " }, { dataDir: dataDir() }).host).toBe("127.0.0.1");
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

  it.each([
    "mongodb+srv://app:s3cret@cluster0.example.net/dynami?retryWrites=true&w=majority",
    "mongodb://db1.example:27017,db2.example:27017,db3.example:27017/dynami?replicaSet=rs0",
  ])("accepts the replica set URL %s", (url) => {
    expect(loadConfig({ DATABASE_URL: url }, { dataDir: dataDir() }).databaseUrl).toBe(url);
  });

  it.each([
    "mongodb://127.0.0.1:27017",
    "mongodb://127.0.0.1:27017/",
    "mongodb://db1.example,db2.example/?replicaSet=rs0",
    "mongodb+srv://app:s3cret@cluster0.example.net/?retryWrites=true",
  ])("refuses %s: it names no database and the driver would silently use 'test'", (url) => {
    const error = (() => {
      try {
        loadConfig({ DATABASE_URL: url }, { dataDir: dataDir() });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      "Configuration error: DATABASE_URL is invalid (the database name is missing: use the form mongodb://host:27017/dynami).",
    );
  });

  it("refuses a database name MongoDB would reject", () => {
    expect(() => loadConfig({ DATABASE_URL: "mongodb://db.example/my.app" }, { dataDir: dataDir() })).toThrow(
      /DATABASE_URL is invalid \("my\.app" is not a valid MongoDB database name/,
    );
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
