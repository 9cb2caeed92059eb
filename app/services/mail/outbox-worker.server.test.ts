import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/config.server";
import { MAIL_RETRY_DELAYS_MS } from "~/domain/mail-retry";
import { openStore } from "~/store/open-store.server";
import type { Store } from "~/store/types";
import { createMailer, OutboxWorker } from "./outbox.server";
import { createMailTransport, type MailTransport, type OutgoingMail } from "./transport.server";

// The sending loop with a transport that does what each test says: what is
// sent, what is retried when, what is given up, what the loop reports.

let store: Store;
beforeEach(async () => {
  store = await openStore("sqlite::memory:");
});
afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
});

function fakeTransport(outcome: (mail: OutgoingMail) => Error | null = () => null) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport & { sent: OutgoingMail[]; closed: number } = {
    kind: "files",
    sent,
    closed: 0,
    async send(mail) {
      const failure = outcome(mail);
      if (failure) throw failure;
      sent.push(mail);
    },
    close() {
      transport.closed += 1;
    },
  };
  return transport;
}

const mail = (to: string) => ({ to, subject: `Pour ${to}`, text: "Bonjour.", html: "<p>Bonjour.</p>" });

async function statusOf(to: string) {
  const rows = await store.outbox.list({ limit: 50 });
  return rows.find((row) => row.to === to)!;
}

describe("OutboxWorker.drain", () => {
  it("sends every due mail once and says how many went out", async () => {
    const transport = fakeTransport();
    const worker = new OutboxWorker(store, transport);
    await store.outbox.enqueue(mail("a@example.com"));
    await store.outbox.enqueue(mail("b@example.com"));
    expect(await worker.drain()).toBe(2);
    expect(transport.sent.map((sent) => sent.to).toSorted()).toEqual(["a@example.com", "b@example.com"]);
    expect((await statusOf("a@example.com")).status).toBe("sent");
    expect(await worker.drain()).toBe(0);
  });

  it("keeps a failed mail for a later try, at the retry delay of its attempt, and counts only what went out", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const transport = fakeTransport((outgoing) => (outgoing.to === "down@example.com" ? new Error("SMTP down") : null));
    const worker = new OutboxWorker(store, transport);
    await store.outbox.enqueue(mail("down@example.com"));
    await store.outbox.enqueue(mail("ok@example.com"));
    const now = new Date(Date.now() + 1_000);
    expect(await worker.drain(() => now)).toBe(1);
    const retried = await statusOf("down@example.com");
    expect(retried).toMatchObject({ status: "queued", attempts: 1, lastError: "SMTP down" });
    expect(retried.nextAttemptAt.getTime()).toBe(now.getTime() + MAIL_RETRY_DELAYS_MS[0]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("not sent (attempt 1): SMTP down"));
    // Not due again before its delay.
    expect(await worker.drain(() => new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[0] - 1))).toBe(0);
    expect((await statusOf("down@example.com")).attempts).toBe(1);
  });

  it("gives a mail up after its last attempt, with the reason", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const worker = new OutboxWorker(
      store,
      fakeTransport(() => new Error("mailbox unavailable")),
    );
    await store.outbox.enqueue(mail("gone@example.com"));
    let now = Date.now() + 1_000;
    for (let attempt = 1; attempt <= MAIL_RETRY_DELAYS_MS.length + 1; attempt += 1) {
      expect(await worker.drain(() => new Date(now))).toBe(0);
      now += 7 * 60 * 60_000;
    }
    expect(await statusOf("gone@example.com")).toMatchObject({
      status: "failed",
      attempts: MAIL_RETRY_DELAYS_MS.length + 1,
      lastError: "mailbox unavailable",
    });
    expect(await worker.drain(() => new Date(now))).toBe(0);
  });

  it("reads a thrown non-Error as its text", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const worker = new OutboxWorker(store, {
      kind: "files",
      send: () => Promise.reject("refused by policy"),
      close() {},
    });
    await store.outbox.enqueue(mail("odd@example.com"));
    await worker.drain();
    expect((await statusOf("odd@example.com")).lastError).toBe("refused by policy");
  });

  it("says so when its claim lapsed during the attempt, and leaves the outcome to the new sender", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const worker = new OutboxWorker(store, fakeTransport());
    vi.spyOn(store.outbox, "markSent").mockResolvedValue(false);
    await store.outbox.enqueue(mail("slow@example.com"));
    expect(await worker.drain()).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("the claim lapsed during this attempt"));
  });

  it("logs a store failure and stops this round instead of throwing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const worker = new OutboxWorker(store, fakeTransport());
    vi.spyOn(store.outbox, "claimNext").mockRejectedValue(new Error("database is locked"));
    expect(await worker.drain()).toBe(0);
    expect(error).toHaveBeenCalledWith("Outbox loop failed:", expect.any(Error));
  });
});

describe("the loop", () => {
  it("sends a queued mail right away once started, and closes the transport when stopped", async () => {
    const transport = fakeTransport();
    const worker = new OutboxWorker(store, transport);
    const mailer = createMailer(store, worker);
    worker.start();
    await mailer.queue(mail("now@example.com"));
    await vi.waitFor(() => expect(transport.sent.map((sent) => sent.to)).toEqual(["now@example.com"]), {
      timeout: 1_500,
    });
    await worker.stop();
    expect(transport.closed).toBe(1);
  });

  it("queues without sending while stopped", async () => {
    const transport = fakeTransport();
    const worker = new OutboxWorker(store, transport);
    await createMailer(store, worker).queue(mail("later@example.com"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(transport.sent).toEqual([]);
    expect((await statusOf("later@example.com")).status).toBe("queued");
  });
});

describe("file transport", () => {
  it("writes an .eml named by time and id, from no-reply at the site's host (dynami.local on this machine)", async () => {
    for (const [appUrl, sender] of [
      ["http://localhost:3000", "no-reply@dynami.local"],
      ["http://127.0.0.1:3000", "no-reply@dynami.local"],
      ["https://dynami.example", "no-reply@dynami.example"],
    ] as const) {
      const dir = mkdtempSync(path.join(tmpdir(), "dynami-eml-"));
      const config = loadConfig({ APP_URL: appUrl, MAIL_DIR: path.join(dir, "mail") }, { dataDir: dir });
      const transport = createMailTransport(config);
      expect(transport.kind).toBe("files");
      await transport.send({
        id: "abc123",
        to: "lea@example.com",
        subject: "Sujet",
        text: "Texte",
        html: "<p>Texte</p>",
        headers: { "List-Unsubscribe": "<https://dynami.example/u>" },
      });
      transport.close();
      const [file] = readdirSync(path.join(dir, "mail"));
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-abc123\.eml$/);
      const eml = readFileSync(path.join(dir, "mail", file!), "utf8");
      expect(eml).toContain(`From: Dynami <${sender}>`);
      expect(eml).toContain("To: lea@example.com");
      expect(eml).toContain("List-Unsubscribe: <https://dynami.example/u>");
    }
  });
});
