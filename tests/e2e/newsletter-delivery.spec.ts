import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { expect, test } from "@playwright/test";
import { assertBuilt, freePort, killStartedServers, startServer } from "../../app/testing/server-process.ts";
import { type ParsedMail, parseEml } from "../../app/services/mail/eml.ts";

// Scheduled newsletters end to end: two real server processes (the built
// app) share one SQLite file and send through a real SMTP peer. Each
// newsletter must reach each confirmed subscriber exactly once, whichever
// process claims it, and never a pending or unsubscribed address. It runs
// with the end-to-end tests (after the unit tests, on the build they use),
// once: no browser is involved.

const demoAdmin = { identifier: "admin", password: "admin-dynami-2026" };

const cleanups: (() => Promise<void> | void)[] = [];

/** A real SMTP peer on 127.0.0.1 that keeps every message it receives. */
async function startSmtpPeer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push(parseEml(raw));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received };
}

/** One app process on the shared data folder (its SQLite file and mail folder); resolves with its origin once it listens. */
async function startAppProcess(dataDir: string, env: Record<string, string>): Promise<string> {
  const server = await startServer({ NODE_ENV: "test", ...env }, { dataDir });
  await server.listening;
  return server.origin;
}

async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.beforeAll(assertBuilt);

test.afterAll(async () => {
  killStartedServers();
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

test.describe("scheduled newsletters with two app processes on one store", () => {
  test("reach each confirmed subscriber once, never a pending or unsubscribed one", async () => {
    test.skip(test.info().project.name !== "js", "no browser involved: once is enough");
    test.setTimeout(150_000);
    const smtp = await startSmtpPeer();
    const dataDir = mkdtempSync(path.join(tmpdir(), "dynami-delivery-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const shared = {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SESSION_SECRET: "delivery-test-secret-that-is-long-enough-0123",
      APP_URL: "http://dynami.test",
    };
    // One after the other: the first seeds the demo accounts, the second finds them.
    const first = await startAppProcess(dataDir, shared);
    const second = await startAppProcess(dataDir, shared);
    const servers = [first, second];

    // Four visitors subscribe through either process; three confirm by the mailed link.
    const addresses = ["ana@example.test", "ben@example.test", "cleo@example.test", "dan@example.test"];
    for (const [index, email] of addresses.entries()) {
      const response = await fetch(`${servers[index % 2]}/api/newsletter/subscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, captchaToken: null }),
      });
      expect(response.status).toBe(200);
    }
    const confirmations = await until(
      "four confirmation mails",
      () => smtp.received.filter((mail) => /Confirme ton inscription/.test(mail.subject)),
      (mails) => mails.length === 4,
    );
    for (const email of ["ana@example.test", "ben@example.test", "dan@example.test"]) {
      const link = new URL(confirmations.find((mail) => mail.to.includes(email))!.links[0]!);
      const page = await fetch(`${second}${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
    }

    const login = await fetch(`${first}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(demoAdmin),
    });
    const { token } = (await login.json()) as { token: string };
    const schedule = async (subject: string, inMs: number) => {
      const response = await fetch(`${first}/api/newsletter-admin`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: subject,
          subject,
          content: `<p>${subject}</p>`,
          scheduledDate: new Date(Date.now() + inMs).toISOString(),
          status: "scheduled",
        }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { newsletter: { _id: string } }).newsletter._id;
    };
    const newsletterMails = (subject: string) => smtp.received.filter((mail) => mail.subject === subject);

    // Three newsletters due at once: both processes poll, each newsletter is claimed by one.
    const firstRound = ["Mai 1", "Mai 2", "Mai 3"];
    const ids = await Promise.all(firstRound.map((subject) => schedule(subject, 3_000)));
    await until(
      "the first round",
      () => firstRound.flatMap(newsletterMails),
      (mails) => mails.length >= 9,
    );
    for (const subject of firstRound) {
      expect(
        newsletterMails(subject)
          .map((mail) => mail.to)
          .toSorted(),
      ).toEqual(["ana@example.test", "ben@example.test", "dan@example.test"]);
    }
    const toDan = newsletterMails("Mai 1").find((mail) => mail.to === "dan@example.test")!;
    expect(toDan.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(.+)>$/.exec(toDan.headers["list-unsubscribe"]!)![1]!;

    for (const id of ids) {
      const response = await fetch(`${second}/api/newsletter-admin/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(await response.json()).toMatchObject({ newsletter: { status: "sent", recipientCount: 3 } });
    }

    // Dan unsubscribes in one click, as a mail client does (RFC 8058).
    const url = new URL(oneClick);
    const unsubscribe = await fetch(`${second}${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribe.status).toBe(200);

    await schedule("Juin", 2_000);
    await until(
      "the second round",
      () => newsletterMails("Juin"),
      (mails) => mails.length >= 2,
    );
    // Two poll periods more: nothing else may arrive.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    expect(
      newsletterMails("Juin")
        .map((mail) => mail.to)
        .toSorted(),
    ).toEqual(["ana@example.test", "ben@example.test"]);
    expect(firstRound.flatMap(newsletterMails)).toHaveLength(9);
    // Cleo never confirmed: her confirmation mail is all she got.
    expect(smtp.received.filter((mail) => mail.to === "cleo@example.test")).toHaveLength(1);
  });
});
