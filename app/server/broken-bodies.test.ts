import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertBuilt,
  killStartedServers,
  rawConnection,
  rawExchange,
  type ServerProcess,
  startServer,
} from "~/testing/server-process";

// Every error of a request's body (cut off, malformed, aborted) answers that
// request with a 4xx and nothing else: the server keeps serving. Sent to
// every route module that has an action (a form or an upload), signed out
// and signed in, on one real server.

const routesDir = path.resolve(import.meta.dirname, "../routes");

/** Addresses of every route module that exports an action, read from app/routes.ts. */
function routesWithAnAction(): string[] {
  const config = readFileSync(path.resolve(import.meta.dirname, "../routes.ts"), "utf8");
  const files = new Set(readdirSync(routesDir, { recursive: true }).map(String));
  const paths: string[] = [];
  for (const [, routePath, file] of config.matchAll(/route\("([^"]+)",\s*"routes\/([^"]+)"/g)) {
    if (!files.has(file!)) continue;
    const source = readFileSync(path.join(routesDir, file!), "utf8");
    if (!/export (async )?function action\b|export const action\b/.test(source)) continue;
    // Parameters get a well-formed id that names nothing.
    paths.push(`/${routePath!.replace(/:[^/]+/g, "0123456789abcdef01234567").replace(/\*$/, "nothing")}`);
  }
  if (/index\("routes\/home\.tsx"\)/.test(config)) paths.unshift("/");
  return paths;
}

const routes = routesWithAnAction();

let server: ServerProcess;
let cookie = "";
beforeAll(async () => {
  assertBuilt();
  server = await startServer();
  await server.listening;
  const login = await fetch(`${server.origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifier: "demo", password: "demo-dynami-2026" }),
  });
  cookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0]!;
}, 30_000);
afterAll(killStartedServers);

const boundary = "XyZ";
const cutInsideFile = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nphoto-upload\r\n--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nAAAA`;
const bodies: { name: string; contentType: string; body: string }[] = [
  {
    name: "multipart cut off inside a file",
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: cutInsideFile,
  },
  { name: "multipart without a boundary", contentType: "multipart/form-data", body: cutInsideFile },
  { name: "multipart with another boundary", contentType: "multipart/form-data; boundary=other", body: cutInsideFile },
  { name: "multipart that is not multipart", contentType: `multipart/form-data; boundary=${boundary}`, body: "AAAA" },
  {
    name: "urlencoded with broken escapes",
    contentType: "application/x-www-form-urlencoded",
    body: "a=%ZZ&%&&=&b=%E0%A4%A",
  },
  { name: "JSON cut off", contentType: "application/json", body: '{"identifier": "demo", "pass' },
];

function rawPost(routePath: string, contentType: string, body: string, extra = ""): string {
  return (
    `POST ${routePath} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`
  );
}

function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? "0");
}

async function stillServing() {
  const response = await fetch(`${server.origin}/healthz`);
  expect(response.status).toBe(200);
}

describe("broken bodies on every route that takes a form or an upload", () => {
  it("finds the routes (a check that the list is not empty)", () => {
    expect(routes).toEqual(expect.arrayContaining(["/historique", "/api/upload/profile-photo", "/mon-compte/photo"]));
    expect(routes.length).toBeGreaterThan(20);
  });

  // Ending the session would sign the rest of the signed-in pass out.
  const endsTheSession = new Set(["/api/logout", "/api/me/logout-all"]);

  for (const signedIn of [false, true]) {
    it.each(bodies)(
      `${signedIn ? "signed in" : "signed out"}: $name never gets a 5xx`,
      async ({ contentType, body }) => {
        const answers: Record<string, number> = {};
        for (const routePath of routes) {
          if (signedIn && endsTheSession.has(routePath)) continue;
          const answer = await rawExchange(
            server.port,
            rawPost(routePath, contentType, body, signedIn ? `Cookie: ${cookie}\r\n` : ""),
          );
          answers[routePath] = statusOf(answer);
        }
        // A broken upload is refused before any route runs; another body is the
        // route's to read (a route that takes none, such as a logout, ignores it).
        const expected = contentType.startsWith("multipart/")
          ? 400
          : expect.toSatisfy((status: number) => status >= 200 && status < 500);
        expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((routePath) => [routePath, expected])));
        await stillServing();
      },
    );
  }

  it("a broken upload is a 400 before any route runs (the server checks multipart bodies)", async () => {
    const answer = await rawExchange(
      server.port,
      rawPost("/historique", `multipart/form-data; boundary=${boundary}`, cutInsideFile, `Cookie: ${cookie}\r\n`),
    );
    expect(statusOf(answer)).toBe(400);
    const api = await rawExchange(
      server.port,
      rawPost(
        "/api/upload/profile-photo",
        `multipart/form-data; boundary=${boundary}`,
        cutInsideFile,
        `Cookie: ${cookie}\r\n`,
      ),
    );
    expect(statusOf(api)).toBe(400);
    expect(JSON.parse(api.slice(api.indexOf("\r\n\r\n") + 4))).toEqual({
      message: expect.stringContaining("incomplet"),
    });
  });

  it.each(["/historique", "/api/upload/profile-photo", "/mon-compte/photo", "/contact"])(
    "a body that stops before its declared length (the client half-closes) gets a 400 or nothing on %s, and the server goes on",
    async (routePath) => {
      const connection = await rawConnection(server.port);
      const head =
        `POST ${routePath} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 60000\r\n\r\n`;
      connection.socket.end(head + cutInsideFile);
      await connection.closed;
      const status = statusOf(connection.received());
      if (status !== 0) expect(status).toBe(400);
      await stillServing();
    },
  );

  it.each(["/historique", "/api/upload/profile-photo", "/mon-compte/photo"])(
    "an upload aborted mid-body on %s leaves the server serving",
    async (routePath) => {
      const connection = await rawConnection(server.port);
      connection.socket.write(
        `POST ${routePath} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${server.origin}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n${cutInsideFile}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      connection.socket.destroy();
      await connection.closed;
      await stillServing();
    },
  );

  it("the server printed no stack for any of it", () => {
    const { stdout, stderr } = server.output();
    expect(`${stdout}${stderr}`.split("\n").filter((line) => /^\s+at /.test(line))).toEqual([]);
  });
});
