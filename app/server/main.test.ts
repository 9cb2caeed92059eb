import { connect, createServer, type Socket } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, freePort, killServers, startServer } from "~/testing/server-process";

beforeAll(assertBuilt);
afterEach(killServers);

/** Opens a connection and sends the start of a request: the server counts it as in flight. */
async function startRequest(port: number, head: string): Promise<{ socket: Socket; answer: () => string }> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  socket.write(head);
  return { socket, answer: () => answer };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilAnswering(url: string): Promise<Response> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

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
    const server = startServer({ PORT: String(await freePort()), DATABASE_URL: "mongodb://127.0.0.1:9/x" });
    expect(await server.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(12_000);
    const lines = server.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("mongodb://127.0.0.1:9/x");
    expect(lines[0]).toMatch(/^Cannot reach the database/);
  }, 20_000);

  it("npm start refuses a MongoDB URL without a database name at once, before building", async () => {
    const started = Date.now();
    const server = startServer({ DATABASE_URL: "mongodb://127.0.0.1:27017" }, { script: "scripts/start.mjs" });
    expect(await server.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const { stdout, stderr } = server.output();
    expect(stdout).not.toContain("Building");
    expect(stderr.trim()).toBe(
      "Configuration error: DATABASE_URL is invalid (the database name is missing: use the form mongodb://host:27017/dynami).",
    );
  });

  it("while the store is still opening: /healthz answers, /readyz and pages say 503 starting", async () => {
    // A MongoDB that accepts connections and never answers: the start waits for it.
    const silent = createServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((resolve) => silent.once("listening", resolve));
    const mongoPort = (silent.address() as { port: number }).port;
    try {
      const port = await freePort();
      const server = startServer({ PORT: String(port), DATABASE_URL: `mongodb://127.0.0.1:${mongoPort}/dynami` });

      const health = await waitUntilAnswering(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok" });
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toEqual({ status: "starting" });
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      expect(server.output().stdout).not.toContain("listening");
    } finally {
      silent.close();
    }
  });

  it("/readyz answers 200 with the store's state, then 503 while draining at shutdown", async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await server.listening;
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ready", store: "ok" });

    // Two requests under way when the signal comes: a slow form post keeps
    // the server draining, a probe on an open connection asks meanwhile.
    const body = "theme=dark&redirectTo=%2F";
    const slowPost = await startRequest(
      port,
      `POST /preferences/theme HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    const probe = await startRequest(port, "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await sleep(200);
    server.child.kill("SIGTERM");
    await sleep(300);
    probe.socket.write("\r\n");
    await sleep(300);
    expect(probe.answer()).toMatch(/^HTTP\/1\.1 503/);
    expect(probe.answer()).toContain('{"status":"draining","store":"ok"}');

    slowPost.socket.write(body.slice(5));
    expect(await server.exited).toBe(0);
    expect(slowPost.answer()).toMatch(/^HTTP\/1\.1 303/);
  });

  it("answers /healthz, then finishes an in-flight request on SIGTERM before exiting", async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    await server.listening;
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", uptimeSeconds: expect.any(Number) });

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
