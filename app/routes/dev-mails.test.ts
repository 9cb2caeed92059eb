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
});
