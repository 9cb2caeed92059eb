import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertBuilt,
  killStartedServers,
  rawConnection,
  rawExchange,
  residentMegabytes,
  type ServerProcess,
  startServer,
} from "~/testing/server-process";

// What a client sees at the socket: bodies bounded while they stream, early
// answers that never reset a keep-alive connection, 4xx for malformed
// requests, one log line per client fault. One real server for the file.

let server: ServerProcess;
beforeAll(async () => {
  assertBuilt();
  server = await startServer();
  await server.listening;
}, 30_000);
afterAll(killStartedServers);

const MB = 1024 * 1024;

function head(response: string): string {
  return response.slice(0, response.indexOf("\r\n\r\n"));
}

function bodyOf(response: string): string {
  return response.slice(response.indexOf("\r\n\r\n") + 4);
}

/** Writes `total` bytes of `a` in 64 KB chunks, stopping quietly when the server closes. */
async function streamBytes(socket: import("node:net").Socket, total: number, chunked: boolean): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, "a");
  let sent = 0;
  while (sent < total && !socket.destroyed && socket.writable) {
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
      : chunk;
    sent += chunk.length;
    if (!socket.write(frame)) {
      const drained = await Promise.race([
        new Promise<boolean>((resolve) => socket.once("drain", () => resolve(true))),
        new Promise<boolean>((resolve) => socket.once("close", () => resolve(false))),
      ]);
      if (!drained) break;
    }
  }
  return sent;
}

describe("page form bodies (64 KB)", () => {
  it.each(["/contact", "/imc"])(
    "a 100 MB urlencoded post to %s gets the 413 page at once, nothing buffered, others served meanwhile",
    async (path) => {
      const before = await residentMegabytes(server.child.pid!);
      const connection = await rawConnection(server.port);
      connection.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: ${100 * MB}\r\n\r\nmessage=`,
      );
      const sending = streamBytes(connection.socket, 100 * MB, false);
      const answer = await connection.waitFor(/<\/html>/);
      const health = Date.now();
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      expect(Date.now() - health).toBeLessThan(2500);
      await sending;
      await connection.closed;

      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(head(answer)).toMatch(/connection: close/i);
      expect(answer).toContain("Envoi trop volumineux");
      const after = await residentMegabytes(server.child.pid!);
      if (before !== null && after !== null) expect(after - before).toBeLessThan(60);
    },
  );

  it("a chunked body past 64 KB gets the 413 page too, never a reset", async () => {
    const connection = await rawConnection(server.port);
    connection.socket.write(
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        "Transfer-Encoding: chunked\r\n\r\n",
    );
    void streamBytes(connection.socket, 20 * MB, true);
    const answer = await connection.waitFor(/<\/html>/);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect((await connection.closed).error).toBeNull();
  });

  it("never echoes a field longer than its own limit", async () => {
    const long = "x".repeat(30_000);
    const contact = await fetch(`${server.origin}/contact`, {
      method: "POST",
      body: new URLSearchParams({
        nom: long,
        email: "ana@example.test",
        sujet: "Bonjour",
        message: "Salut",
        junk: long,
      }),
    });
    const contactPage = await contact.text();
    expect(contact.status).toBe(400);
    expect(contactPage).toContain("x".repeat(100));
    expect(contactPage).not.toContain("x".repeat(101));
    // The page as anyone gets it, plus the bounded echo and the messages: the 60 KB sent are not in it.
    const emptyForm = await (await fetch(`${server.origin}/contact`)).text();
    expect(contactPage.length).toBeLessThan(emptyForm.length + 5_000);

    const imc = await fetch(`${server.origin}/imc`, {
      method: "POST",
      body: new URLSearchParams({ poids: long, taille: "180" }),
    });
    expect(imc.status).toBe(400);
    expect(await imc.text()).not.toContain("x".repeat(21));
  });
});

describe("a route's own body limit", () => {
  it("the newsletter screen takes forms up to 2 MB (a long newsletter reaches its action), not more", async () => {
    // 60,000 accented characters: 360 KB percent-encoded, far past the 64 KB of other forms.
    const longForm = new URLSearchParams({ title: "Mai", content: "é".repeat(60_000) });
    for (const path of ["/admin/newsletter/new", "/admin/newsletter/new.data"]) {
      const response = await fetch(`${server.origin}${path}`, { method: "POST", body: longForm });
      await response.arrayBuffer();
      // Read whole, the action runs and refuses the visitor without a session: the route's answer, not a 413.
      expect(response.status, path).toBe(401);
    }

    const tooLarge = await fetch(`${server.origin}/admin/newsletter/new`, {
      method: "POST",
      body: new URLSearchParams({ content: "a".repeat(2 * MB) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("Envoi trop volumineux");
  });
});

describe("keep-alive after an early answer", () => {
  it("a 413 never resets the connection or the next request on it (undici fetch, 15 of each)", async () => {
    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    const attempt = async (label: string, init: RequestInit & { duplex?: "half" }, path = "/api/contact") => {
      try {
        const response = await fetch(`${server.origin}${path}`, init);
        await response.arrayBuffer();
        count(`${label}: ${response.status}`);
      } catch (error) {
        count(`${label}: ${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}`);
      }
      // The next request, on the connection the client kept.
      try {
        const next = await fetch(`${server.origin}/api/contact`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        });
        await next.arrayBuffer();
        count(`next: ${next.status}`);
      } catch (error) {
        count(`next: ${(error as { cause?: { code?: string } }).cause?.code ?? String(error)}`);
      }
    };
    const big = Buffer.alloc(1.5 * MB, "a");
    const json = { "Content-Type": "application/json" };
    for (let round = 0; round < 15; round += 1) {
      await attempt("json declared", { method: "POST", headers: json, body: big });
      await attempt("json chunked", {
        method: "POST",
        headers: json,
        duplex: "half",
        body: new ReadableStream({
          start(controller) {
            for (let offset = 0; offset < big.length; offset += 64 * 1024) {
              controller.enqueue(big.subarray(offset, offset + 64 * 1024));
            }
            controller.close();
          },
        }),
      });
      await attempt(
        "form",
        { method: "POST", body: new URLSearchParams({ message: "a".repeat(100_000) }) },
        "/contact",
      );
    }
    expect(Object.fromEntries(outcomes)).toEqual({
      "json declared: 413": 15,
      "json chunked: 413": 15,
      "form: 413": 15,
      // The empty JSON body: the API's first validation message.
      "next: 400": 45,
    });
  }, 60_000);

  it("a small unread rest is drained and the same connection answers the next request", async () => {
    const connection = await rawConnection(server.port);
    const body = "message=" + "a".repeat(100_000);
    connection.socket.write(
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    await connection.waitFor(/<\/html>/);
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
    await connection.closed;
    const answers = connection.received().split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(0, 12))).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
    expect(head(answers[0]!)).not.toMatch(/connection: close/i);
  });
});

describe("malformed requests", () => {
  const host = () => `Host: 127.0.0.1:${server.port}`;

  it.each([
    ["TRACE on a page", `TRACE / HTTP/1.1\r\n%HOST%\r\nConnection: close\r\n\r\n`, 405, false],
    ["TRACE under /api", `TRACE /api/me HTTP/1.1\r\n%HOST%\r\nConnection: close\r\n\r\n`, 405, true],
    ["an invalid Host", `GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`, 400, false],
    ["an invalid Host under /api", `GET /api/me HTTP/1.1\r\nHost: [zz\r\nConnection: close\r\n\r\n`, 400, true],
    ["no Host", `GET /api/me HTTP/1.1\r\nConnection: close\r\n\r\n`, 400, true],
    ["a malformed % under /api", `GET /api/%zz HTTP/1.1\r\n%HOST%\r\nConnection: close\r\n\r\n`, 400, true],
    ["a malformed % in a page path", `GET /%zz HTTP/1.1\r\n%HOST%\r\nConnection: close\r\n\r\n`, 400, false],
    ["a malformed % in a file path", `GET /assets/%zz.js HTTP/1.1\r\n%HOST%\r\nConnection: close\r\n\r\n`, 400, false],
    ["CONNECT", `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`, 405, false],
  ])("%s gets a 4xx (JSON { message } under /api)", async (_label, request, status, json) => {
    const answer = await rawExchange(server.port, request.replace("%HOST%", host()));
    expect(answer.slice(0, 12)).toBe(`HTTP/1.1 ${status}`);
    if (json) {
      expect(head(answer)).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(bodyOf(answer))).toEqual({ message: expect.any(String) });
    } else {
      expect(answer).not.toMatch(/<html/i);
    }
  });
});

describe("the log", () => {
  it("gets one line per client fault, never a stack", async () => {
    const before = server.output();
    const linesBefore = (before.stdout + before.stderr).split("\n").length;
    const evil = { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" };
    const requests = [
      // A page without an action.
      () => fetch(`${server.origin}/mentions-legales`, { method: "POST", body: "a=1" }),
      // Cross-site posts refused, as a page and as a data request.
      () => fetch(`${server.origin}/contact`, { method: "POST", headers: evil, body: "nom=a" }),
      () => fetch(`${server.origin}/contact.data`, { method: "POST", headers: evil, body: "nom=a" }),
      // A data request for a page without an action.
      () => fetch(`${server.origin}/mentions-legales.data`, { method: "POST", body: "a=1" }),
      () => fetch(`${server.origin}/api/%zz`),
    ];
    for (let round = 0; round < 10; round += 1) {
      for (const send of requests) {
        const response = await send();
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        await response.arrayBuffer();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = server.output();
    const newLines = (after.stdout + after.stderr).split("\n").slice(linesBefore - 1, -1);
    expect(newLines.length).toBeLessThanOrEqual(10 * requests.length);
    expect(newLines.filter((line) => /^\s+at /.test(line))).toEqual([]);
  });
});

describe("a route that answers a body past its limit itself", () => {
  it("the photo upload takes a 5 MB photo's body; past it, it says 'La photo ne doit pas dépasser 5 Mo.'", async () => {
    const login = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identifier: "demo", password: "demo-dynami-2026" }),
    });
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    form.set("photo", new Blob([new Uint8Array(6 * MB)], { type: "image/jpeg" }), "big.jpg");
    const response = await fetch(`${server.origin}/api/upload/profile-photo`, {
      method: "POST",
      body: form,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      message: "La photo ne doit pas dépasser 5 Mo.",
      code: "tooLarge",
    });

    // Within the limit the upload reaches the photo rules (here: not an image).
    const text = new FormData();
    text.set("photo", new Blob(["pas une photo"], { type: "image/jpeg" }), "photo.jpg");
    const refused = await fetch(`${server.origin}/api/upload/profile-photo`, {
      method: "POST",
      body: text,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(415);
  });
});

describe("the development tools behind the render cache", () => {
  it("a view of /dev/mails from this machine is never served to a request with another Host", async () => {
    const local = await rawExchange(
      server.port,
      `GET /dev/mails HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(local).toMatch(/^HTTP\/1\.1 200/);
    expect(head(local)).toMatch(/cache-control: no-store/i);
    for (let i = 0; i < 2; i++) {
      const foreign = await rawExchange(
        server.port,
        `GET /dev/mails HTTP/1.1\r\nHost: dynami.example\r\nConnection: close\r\n\r\n`,
      );
      expect(foreign).toMatch(/^HTTP\/1\.1 404/);
      expect(foreign).not.toContain("Mails envoyés");
    }
  });
});
