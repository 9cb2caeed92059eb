import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

// These start the real server process on the built app (npm test builds first).
const root = path.resolve(import.meta.dirname, "../..");
const mainFile = path.join(root, "app/server/main.ts");
const children: ChildProcess[] = [];

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dynami-server-"));
  const child = spawn(process.execPath, [mainFile], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", () => stdout.includes("listening") && resolve());
    void exited.then(() => reject(new Error(`server exited: ${stderr}`)));
  });
  listening.catch(() => {}); // awaited only by the tests that expect the server to start
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

beforeAll(() => {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("These tests need the built app: run `npm run build` first (npm test does).");
  }
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

let nextPort = 3400 + Math.floor(Math.random() * 400);

describe("server process", () => {
  it("stops with one line naming PORT when it is not a number", async () => {
    const server = startServer({ PORT: "abc" });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
    expect(lines[0]).toMatch(/expected a whole number/);
  });

  it("stops within 10 s naming the database when MongoDB cannot be reached", async () => {
    const started = Date.now();
    const server = startServer({ PORT: String(nextPort++), DATABASE_URL: "mongodb://127.0.0.1:9/x" });
    expect(await server.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(12_000);
    const lines = server.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("mongodb://127.0.0.1:9/x");
  }, 20_000);

  it("answers /healthz, then finishes an in-flight request on SIGTERM before exiting", async () => {
    const port = nextPort++;
    const server = startServer({ PORT: String(port) });
    await server.listening;
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", store: "sqlite" });

    // A form post whose body is still arriving when the signal comes.
    const body = "theme=dark&redirectTo=%2F";
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    socket.write(
      `POST /preferences/theme HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(5));
    const code = await server.exited;
    expect(answer).toMatch(/^HTTP\/1\.1 303/);
    expect(answer).toMatch(/set-cookie: theme=dark/i);
    expect(code).toBe(0);
    expect(server.output().stdout).toContain("SIGTERM received");
  });
});
