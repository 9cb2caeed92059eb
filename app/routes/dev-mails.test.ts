import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { callRoute, createTestApp, type TestApp } from "~/testing/route-harness.server";
import * as mailFileRoute from "./dev.mails.$file.ts";
import * as mailListRoute from "./dev.mails.tsx";

let app: TestApp;
afterEach(async () => {
  await app.close();
});

const sample = [
  "To: lea@example.com",
  "Subject: Confirme ton adresse e-mail",
  'Content-Type: multipart/alternative; boundary="b"',
  "",
  "--b",
  "Content-Type: text/plain; charset=utf-8",
  "",
  "Lien : http://localhost:3000/verify-email?token=abc",
  "--b",
  "Content-Type: text/html; charset=utf-8",
  "",
  '<p><a href="http://localhost:3000/verify-email?token=abc">Confirmer</a></p>',
  "--b--",
].join("\n");

describe("/dev/mails", () => {
  it("lists the written mails with their links outside production", async () => {
    app = await createTestApp();
    mkdirSync(app.services.config.mailDir, { recursive: true });
    writeFileSync(path.join(app.services.config.mailDir, "2026-01-01-abc.eml"), sample);
    const list = await callRoute(mailListRoute.loader as never, new Request("http://localhost:3000/dev/mails"), {
      context: app.context(),
    });
    expect(await list.json()).toMatchObject({
      mails: [
        {
          file: "2026-01-01-abc.eml",
          to: "lea@example.com",
          subject: "Confirme ton adresse e-mail",
          links: ["http://localhost:3000/verify-email?token=abc"],
        },
      ],
    });
    const one = await callRoute(
      mailFileRoute.loader as never,
      new Request("http://localhost:3000/dev/mails/2026-01-01-abc.eml"),
      {
        context: app.context(),
        params: { file: "2026-01-01-abc.eml" },
      },
    );
    expect(one.headers.get("Content-Type")).toContain("text/html");
    expect(await one.text()).toContain("Confirmer");
    const traversal = await callRoute(mailFileRoute.loader as never, new Request("http://localhost:3000/dev/mails/x"), {
      context: app.context(),
      params: { file: "../session-secret" },
    });
    expect(traversal.status).toBe(404);
  });

  it("answers 404 in production", async () => {
    app = await createTestApp({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) });
    const list = await callRoute(mailListRoute.loader as never, new Request("http://localhost:3000/dev/mails"), {
      context: app.context(),
    });
    expect(list.status).toBe(404);
    const one = await callRoute(mailFileRoute.loader as never, new Request("http://localhost:3000/dev/mails/a.eml"), {
      context: app.context(),
      params: { file: "a.eml" },
    });
    expect(one.status).toBe(404);
  });

  describe("only for a request from this machine to a server bound to loopback", () => {
    async function listStatus(
      env: Record<string, string>,
      { url = "http://localhost:3000/dev/mails", clientAddress = "127.0.0.1", headers = {} } = {},
    ) {
      app = await createTestApp(env);
      const request = new Request(url, { headers });
      const list = await callRoute(mailListRoute.loader as never, request, { context: app.context(clientAddress) });
      const one = await callRoute(
        mailFileRoute.loader as never,
        new Request(url.replace(/\/?$/, "/a.eml"), { headers }),
        {
          context: app.context(clientAddress),
          params: { file: "a.eml" },
        },
      );
      return [list.status, one.status === 404 ? 404 : 200];
    }

    it("answers on loopback, IPv6 included", async () => {
      expect(await listStatus({})).toEqual([200, 404]); // no such mail, but the list answers
      expect((await listStatus({ HOST: "::1" }, { url: "http://[::1]:3000/dev/mails", clientAddress: "::1" }))[0]).toBe(
        200,
      );
    });

    it("answers 404 when the server listens on every interface", async () => {
      expect(await listStatus({ HOST: "0.0.0.0" })).toEqual([404, 404]);
    });

    it("answers 404 to another machine", async () => {
      expect(await listStatus({}, { clientAddress: "192.168.1.20" })).toEqual([404, 404]);
    });

    it("answers 404 to a page of another site pointing its name at 127.0.0.1", async () => {
      expect(await listStatus({}, { url: "http://rebind.evil.example:3000/dev/mails" })).toEqual([404, 404]);
    });

    it("answers 404 through a proxy", async () => {
      expect(await listStatus({}, { headers: { "X-Forwarded-For": "203.0.113.9" } })).toEqual([404, 404]);
      expect(await listStatus({}, { headers: { Forwarded: "for=203.0.113.9" } })).toEqual([404, 404]);
    });
  });
});
