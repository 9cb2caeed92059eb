import { createServer, type Socket } from "node:net";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, freePort, killStartedServers, rawConnection, startServer } from "~/testing/server-process";

// The real server process on the built app (npm test builds first).
beforeAll(assertBuilt);
afterEach(killStartedServers);

const demo = { identifier: "demo", password: "demo-dynami-2026" };

async function login(origin: string, credentials = demo): Promise<Response> {
  return fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
}

/** Opens a connection and sends the start of a request: the server counts it as in flight. */
async function startRequest(port: number, head: string): Promise<{ socket: Socket; answer: () => string }> {
  const connection = await rawConnection(port);
  connection.socket.write(head);
  return { socket: connection.socket, answer: connection.received };
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
    const server = await startServer({ PORT: "abc" });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT/);
    expect(lines[0]).toMatch(/expected a whole number/);
  });

  it("stops within 10 s naming the database when MongoDB cannot be reached", async () => {
    const started = Date.now();
    const server = await startServer({ DATABASE_URL: "mongodb://127.0.0.1:9/x" });
    expect(await server.exited).toBe(1);
    // 10 s of trying, plus the time Node takes to start and load the app (longer on a busy machine).
    expect(Date.now() - started).toBeLessThan(20_000);
    const lines = server.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("mongodb://127.0.0.1:9/x");
    expect(lines[0]).toMatch(/^Cannot reach the database/);
  }, 30_000);

  it("npm start refuses a MongoDB URL without a database name at once, before building", async () => {
    const started = Date.now();
    const server = await startServer({ DATABASE_URL: "mongodb://127.0.0.1:27017" }, { script: "scripts/start.mjs" });
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
      const server = await startServer({ PORT: String(port), DATABASE_URL: `mongodb://127.0.0.1:${mongoPort}/dynami` });

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
    const server = await startServer();
    const { port } = server;
    await server.listening;
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ready", store: "ok" });
    // The home page, rendered once, is now in the render cache.
    await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect((await fetch(`http://127.0.0.1:${port}/`)).headers.get("x-render-cache")).toBe("hit");

    // Requests under way when the signal comes: a slow form post keeps the
    // server draining, probes on open connections ask meanwhile.
    const body = "theme=dark&redirectTo=%2F";
    const slowPost = await startRequest(
      port,
      `POST /preferences/theme HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    const probe = await startRequest(port, "GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const page = await startRequest(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await sleep(200);
    server.child.kill("SIGTERM");
    await sleep(300);
    probe.socket.write("\r\n");
    page.socket.write("\r\n");
    await sleep(300);
    expect(probe.answer()).toMatch(/^HTTP\/1\.1 503/);
    expect(probe.answer()).toContain('{"status":"draining","store":"ok"}');
    // Draining wins over the render cache: the page is refused, not served from it.
    expect(page.answer()).toMatch(/^HTTP\/1\.1 503/);
    expect(page.answer()).not.toMatch(/x-render-cache/i);

    slowPost.socket.write(body.slice(5));
    expect(await server.exited).toBe(0);
    expect(slowPost.answer()).toMatch(/^HTTP\/1\.1 303/);
  });

  it("answers /healthz, then finishes an in-flight request on SIGTERM before exiting", async () => {
    const server = await startServer();
    await server.listening;
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", uptimeSeconds: expect.any(Number) });

    // A form post whose body is still arriving when the signal comes.
    const body = "theme=dark&redirectTo=%2F";
    const connection = await rawConnection(server.port);
    connection.socket.write(
      `POST /preferences/theme HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    connection.socket.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    connection.socket.write(body.slice(5));
    const code = await server.exited;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 303/);
    expect(connection.received()).toMatch(/set-cookie: theme=dark/i);
    // The client is told not to reuse the connection.
    expect(connection.received()).toMatch(/connection: close/i);
    expect(code).toBe(0);
    expect(server.output().stdout).toContain("SIGTERM received");
  }, 45_000);
});

describe("shutdown", () => {
  it("never resets a busy keep-alive writer: each POST is saved (201) or refused (503), and the count matches", async () => {
    const server = await startServer();
    await server.listening;
    const { token } = (await (await login(server.origin)).json()) as { token: string };
    // The demo user starts with a history of its own (its seeded IMC records).
    const historyRows = () => {
      const db = new DatabaseSync(path.join(server.dataDir, "app.db"), { readOnly: true });
      try {
        return (db.prepare("SELECT count(*) AS total FROM history").get() as { total: number }).total;
      } finally {
        db.close();
      }
    };
    const seeded = historyRows();
    const outcomes = { saved: 0, limited: 0, refused: 0, refusedConnection: 0, failures: [] as string[] };
    let signalled = false;
    const writer = async () => {
      for (;;) {
        try {
          const response = await fetch(`${server.origin}/api/history`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
            body: JSON.stringify({ action: "IMC_CALC", meta: { poids: 70, taille: 175 } }),
          });
          await response.arrayBuffer();
          if (response.status === 201) outcomes.saved += 1;
          // Past the hour's writes of one user (HISTORY_WRITE_LIMIT): answered, nothing saved.
          else if (response.status === 429) outcomes.limited += 1;
          else if (response.status === 503) {
            outcomes.refused += 1;
            return;
          } else outcomes.failures.push(`status ${response.status}`);
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
          // A new connection after the server stopped listening: nothing was sent, the client knows it.
          if (signalled && code === "ECONNREFUSED") {
            outcomes.refusedConnection += 1;
            return;
          }
          outcomes.failures.push(code);
          return;
        }
      }
    };
    const writers = Array.from({ length: 20 }, writer);
    // Every connection busy: the signal comes once the writers have saved two rounds.
    while (outcomes.saved < 40 && outcomes.failures.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    signalled = true;
    server.child.kill("SIGTERM");
    await Promise.all(writers);
    expect(await server.exited).toBe(0);

    expect(outcomes.failures).toEqual([]);
    expect(outcomes.saved).toBeGreaterThanOrEqual(40);
    expect(outcomes.refused + outcomes.refusedConnection).toBe(20);
    expect(historyRows() - seeded).toBe(outcomes.saved);
  }, 45_000);
});

describe("development tools", () => {
  it("run on loopback: demo accounts printed and usable, the mail list open", async () => {
    const server = await startServer();
    await server.listening;
    expect(server.output().stdout).toContain("password: demo-dynami-2026");
    expect((await login(server.origin)).status).toBe(200);
    expect((await fetch(`${server.origin}/dev/mails`)).status).toBe(200);
  }, 45_000);

  it("are off with HOST=0.0.0.0 and no NODE_ENV: no mail list, no demo accounts, and a line saying why", async () => {
    const server = await startServer({ HOST: "0.0.0.0" });
    await server.listening;
    const { stdout } = server.output();
    expect(stdout).toMatch(/Development tools are off .*HOST=0\.0\.0\.0 is not a loopback address/);
    expect(stdout).not.toContain("password:");
    expect(stdout).not.toContain("/dev/mails)");
    expect((await fetch(`${server.origin}/dev/mails`)).status).toBe(404);
    expect((await fetch(`${server.origin}/dev/mails/x.eml`)).status).toBe(404);
    expect((await login(server.origin)).status).toBe(401);
    await server.stop();
    const db = new DatabaseSync(path.join(server.dataDir, "app.db"));
    try {
      expect(db.prepare("SELECT count(*) AS total FROM users").get()).toEqual({ total: 0 });
    } finally {
      db.close();
    }
  }, 45_000);

  it("lock the demo accounts of an earlier loopback run once the same data is served publicly", async () => {
    const local = await startServer();
    await local.listening;
    expect((await login(local.origin)).status).toBe(200);
    expect(await local.stop()).toBe(0);

    const exposed = await startServer({ HOST: "0.0.0.0" }, { dataDir: local.dataDir });
    await exposed.listening;
    expect(exposed.output().stdout).toContain("Demo account demo@dynami.local: its published password no longer works");
    expect((await login(exposed.origin)).status).toBe(401);
  }, 45_000);
});
