import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseEml } from "~/services/mail/eml";
import { openSqliteStore } from "~/store/sqlite/sqlite-store.server";
import { assertBuilt, freePort, killStartedServers, startServer } from "~/testing/server-process";

// What can run here of "several instances": two app processes on one SQLite
// file share one outbox and one SMTP server, as instances on one replica set
// would. Each process signs in to SMTP under its own name, so the test sees
// who sent what.

beforeAll(assertBuilt);
afterEach(killStartedServers);

interface Delivery {
  sender: string;
  subject: string;
}

/** A real SMTP peer, a little slow per mail so that both senders are draining at once. */
async function startSmtpServer(port: number) {
  const deliveries: Delivery[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        deliveries.push({ sender: String(session.user), subject: parseEml(raw).subject });
        setTimeout(callback, 60);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { deliveries, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("several instances", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = await startSmtpServer(smtpPort);
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("two app processes on one SQLite file sending one outbox deliver every mail exactly once", async () => {
    const databaseUrl = `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), "dynami-instances-")), "shared.db")}`;
    const instances = await Promise.all(
      ["first", "second"].map(async (name) => {
        const port = await freePort();
        return {
          port,
          process: await startServer({
            PORT: String(port),
            DATABASE_URL: databaseUrl,
            SMTP_URL: `smtp://${name}:pw@127.0.0.1:${smtpPort}`,
          }),
        };
      }),
    );
    await Promise.all(instances.map((instance) => instance.process.listening));

    // 50 mails at 60 ms each outlast the 2 s poll: both senders drain together.
    const mailCount = 50;
    const store = openSqliteStore(databaseUrl);
    try {
      for (let index = 0; index < mailCount; index += 1) {
        await store.outbox.enqueue({
          to: `reader${index}@example.test`,
          subject: `mail-${index}`,
          text: "t",
          html: "<p>t</p>",
        });
      }
      const deadline = Date.now() + 30_000;
      while ((await store.outbox.countByStatus()).sent < mailCount && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await store.outbox.countByStatus()).toEqual({ queued: 0, sending: 0, sent: mailCount, failed: 0 });
    } finally {
      await store.close();
    }

    const subjects = smtp.deliveries.map((delivery) => delivery.subject);
    expect(subjects.toSorted()).toEqual(Array.from({ length: mailCount }, (_, index) => `mail-${index}`).toSorted());
    const bySender = Object.groupBy(smtp.deliveries, (delivery) => delivery.sender);
    expect(Object.keys(bySender).toSorted()).toEqual(["first", "second"]);

    for (const instance of instances) {
      const ready = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
      expect(await ready.json()).toEqual({ status: "ready", store: "ok" });
    }
  }, 50_000);
});
