import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openStore } from "~/store/open-store.server";
import type { NewOutboxMail, NewsletterDraft, Store } from "~/store/types";
import { hashToken, newToken } from "./auth/tokens.server";
import type { Mailer } from "./mail/outbox.server";
import { NewsletterSender, SEND_FAILURE_REASONS } from "./newsletter-sender.server";
import { unsubscribeTokenFor } from "./newsletter-unsubscribe.server";

const directory = mkdtempSync(path.join(tmpdir(), "dynami-newsletter-sender-"));
let fileCount = 0;
const stores: Store[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function aStore(url?: string): Promise<Store> {
  fileCount += 1;
  const store = await openStore(url ?? `sqlite:${path.join(directory, `sender-${fileCount}.db`)}`);
  stores.push(store);
  return store;
}

/** Queues into the store's outbox, as the app's mailer does (without waking a sender). */
function outboxMailer(store: Store, queued: NewOutboxMail[] = []): Mailer {
  return {
    async queue(mail) {
      queued.push(mail);
      await store.outbox.enqueue(mail);
    },
  };
}

async function confirmedSubscriber(store: Store, email: string, locale = "fr") {
  const token = newToken();
  await store.newsletterSubscribers.subscribe({
    email,
    locale,
    confirmTokenHash: hashToken(token),
    confirmWithAccount: false,
  });
  return (await store.newsletterSubscribers.confirmByToken(hashToken(token)))!;
}

async function pendingSubscriber(store: Store, email: string) {
  await store.newsletterSubscribers.subscribe({
    email,
    locale: "fr",
    confirmTokenHash: hashToken(newToken()),
    confirmWithAccount: false,
  });
}

function aNewsletter(overrides: Partial<NewsletterDraft> = {}): NewsletterDraft {
  return {
    title: "Interne",
    subject: "Les séances de mai",
    content: '<p>Bonjour !</p><script>alert(1)</script><a href="https://dynami.test/exo">Go</a>',
    scheduledAt: new Date(Date.now() - 1_000),
    status: "scheduled",
    ...overrides,
  };
}

const appUrl = "https://dynami.test";
const secret = "newsletter-test-secret-0123456789abcdef";

async function outboxMails(store: Store) {
  return store.outbox.list({ limit: 1000 });
}

describe("scheduled newsletter sending", () => {
  it("queues one mail per confirmed subscriber, with the unsubscribe link and headers, and marks it sent", async () => {
    const store = await aStore();
    const lea = await confirmedSubscriber(store, "lea@example.test");
    const jonas = await confirmedSubscriber(store, "jonas@example.test", "de");
    await pendingSubscriber(store, "pending@example.test");
    const gone = await confirmedSubscriber(store, "gone@example.test");
    await store.newsletterSubscribers.unsubscribeById(gone.id);
    const newsletter = await store.newsletters.create(aNewsletter());
    const draft = await store.newsletters.create(aNewsletter({ status: "draft" }));
    const future = await store.newsletters.create(aNewsletter({ scheduledAt: new Date(Date.now() + 60_000) }));

    const sender = new NewsletterSender({ store, mailer: outboxMailer(store), appUrl, secret });
    expect(await sender.sendDue()).toEqual([{ newsletterId: newsletter.id, status: "sent", recipientCount: 2 }]);

    const mails = await outboxMails(store);
    expect(mails.map((mail) => mail.to).toSorted()).toEqual(["jonas@example.test", "lea@example.test"]);
    const toLea = mails.find((mail) => mail.to === "lea@example.test")!;
    expect(toLea.subject).toBe("Les séances de mai");
    expect(toLea.html).toContain("<p>Bonjour !</p>");
    expect(toLea.html).not.toContain("<script");
    expect(toLea.html).toContain(`/newsletter/desinscription?token=${unsubscribeTokenFor(secret, lea.id)}`);
    expect(toLea.text).toContain("Go (https://dynami.test/exo)");
    expect(toLea.text).toContain(`Se désinscrire en un clic : ${appUrl}/newsletter/desinscription?token=`);
    expect(toLea.headers).toEqual({
      "List-Unsubscribe": `<${appUrl}/api/newsletter/unsubscribe?token=${unsubscribeTokenFor(secret, lea.id)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // The frame speaks the subscriber's language.
    expect(mails.find((mail) => mail.to === "jonas@example.test")!.text).toContain("Mit einem Klick abmelden");
    expect(jonas.locale).toBe("de");

    const sent = await store.newsletters.findById(newsletter.id);
    expect(sent).toMatchObject({ status: "sent", recipientCount: 2, failureReason: null });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect((await store.newsletters.findById(draft.id))?.status).toBe("draft");
    expect((await store.newsletters.findById(future.id))?.status).toBe("scheduled");

    // Nothing more to do: a second pass sends nothing.
    expect(await sender.sendDue()).toEqual([]);
    expect(await outboxMails(store)).toHaveLength(2);
  });

  it("sends a newsletter with no confirmed subscriber as sent to 0", async () => {
    const store = await aStore();
    await pendingSubscriber(store, "pending@example.test");
    const newsletter = await store.newsletters.create(aNewsletter());
    const sender = new NewsletterSender({ store, mailer: outboxMailer(store), appUrl, secret });
    expect(await sender.sendDue()).toEqual([{ newsletterId: newsletter.id, status: "sent", recipientCount: 0 }]);
  });

  it("pages through subscribers, recording progress under its claim", async () => {
    const store = await aStore();
    for (let index = 0; index < 7; index += 1) await confirmedSubscriber(store, `p${index}@example.test`);
    const newsletter = await store.newsletters.create(aNewsletter());
    const sender = new NewsletterSender({ store, mailer: outboxMailer(store), appUrl, secret }, { pageSize: 3 });
    expect(await sender.sendDue()).toEqual([{ newsletterId: newsletter.id, status: "sent", recipientCount: 7 }]);
    expect(new Set((await outboxMails(store)).map((mail) => mail.to)).size).toBe(7);
  });

  it("takes over a newsletter whose sender died mid-way, without sending anyone a second mail", async () => {
    const store = await aStore();
    for (let index = 0; index < 5; index += 1) await confirmedSubscriber(store, `t${index}@example.test`);
    const newsletter = await store.newsletters.create(aNewsletter());

    // A first sender claims it, records one page of 2, queues one more mail and dies.
    const start = new Date();
    const claim = (await store.newsletters.claimDue({ now: start, claimToken: "dead", leaseMs: 1_000 }))!;
    const firstPage = await store.newsletterSubscribers.listConfirmed({ afterId: null, limit: 3 });
    const { renderNewsletterMail } = await import("./newsletter-mail.server");
    for (const subscriber of firstPage) {
      await store.outbox.enqueue(
        renderNewsletterMail({
          newsletter: claim.newsletter,
          subscriber,
          unsubscribeToken: unsubscribeTokenFor(secret, subscriber.id),
          appUrl,
        }),
      );
    }
    await store.newsletters.recordProgress(newsletter.id, "dead", {
      cursor: firstPage[1]!.id,
      recipientCount: 2,
      leaseUntil: new Date(start.getTime() + 1_000),
    });

    // Before the lease lapses nobody else may send it.
    const early = new NewsletterSender({ store, mailer: outboxMailer(store), appUrl, secret }, { now: () => start });
    expect(await early.sendDue()).toEqual([]);

    const queued: NewOutboxMail[] = [];
    const later = new NewsletterSender(
      { store, mailer: outboxMailer(store, queued), appUrl, secret },
      { now: () => new Date(start.getTime() + 1_500) },
    );
    expect(await later.sendDue()).toEqual([{ newsletterId: newsletter.id, status: "sent", recipientCount: 5 }]);
    // It resumed after the recorded page: the third mail was queued again but collapsed on its key.
    expect(queued.map((mail) => mail.to)).toEqual(
      (await store.newsletterSubscribers.listConfirmed({ afterId: firstPage[1]!.id, limit: 10 })).map((s) => s.email),
    );
    const mails = await outboxMails(store);
    expect(mails).toHaveLength(5);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(5);
    // The dead sender's late updates count for nothing.
    expect(await store.newsletters.finish(newsletter.id, "dead", { status: "failed", reason: "late" })).toBe(false);
    expect((await store.newsletters.findById(newsletter.id))?.status).toBe("sent");
  });

  it("sends each newsletter once when two processes' stores poll one file at the same time", async () => {
    const first = await aStore();
    const url = `sqlite:${path.join(directory, `sender-${fileCount}.db`)}`;
    const second = await aStore(url);
    for (let index = 0; index < 12; index += 1) await confirmedSubscriber(first, `r${index}@example.test`);
    for (let index = 0; index < 3; index += 1) await first.newsletters.create(aNewsletter({ subject: `N${index}` }));

    const senders = [first, second, first, second].map(
      (store) => new NewsletterSender({ store, mailer: outboxMailer(store), appUrl, secret }, { pageSize: 5 }),
    );
    const results = (await Promise.all(senders.map((sender) => sender.sendDue()))).flat();
    expect(results.filter((result) => result.status === "sent")).toHaveLength(3);
    const mails = await outboxMails(first);
    expect(mails).toHaveLength(36);
    const perSubscriberAndSubject = new Set(mails.map((mail) => `${mail.to}|${mail.subject}`));
    expect(perSubscriberAndSubject.size).toBe(36);
  });

  it("marks the newsletter failed with the reason when queueing fails", async () => {
    const store = await aStore();
    await confirmedSubscriber(store, "x@example.test");
    const newsletter = await store.newsletters.create(aNewsletter());
    const broken: Mailer = {
      async queue() {
        throw new Error("disque plein");
      },
    };
    const sender = new NewsletterSender({ store, mailer: broken, appUrl, secret });
    expect(await sender.sendDue()).toEqual([{ newsletterId: newsletter.id, status: "failed", reason: "disque plein" }]);
    expect(await store.newsletters.findById(newsletter.id)).toMatchObject({
      status: "failed",
      failureReason: "disque plein",
    });
  });

  it("gives up on a newsletter whose senders keep dying", async () => {
    const store = await aStore();
    const newsletter = await store.newsletters.create(aNewsletter());
    let now = Date.now();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await store.newsletters.claimDue({ now: new Date(now), claimToken: `dead-${attempt}`, leaseMs: 10 });
      now += 20;
    }
    const sender = new NewsletterSender(
      { store, mailer: outboxMailer(store), appUrl, secret },
      { now: () => new Date(now) },
    );
    expect(await sender.sendDue()).toEqual([
      { newsletterId: newsletter.id, status: "failed", reason: SEND_FAILURE_REASONS.tooManyAttempts },
    ]);
  });

  it("polls on its own once started, and stops cleanly", async () => {
    const store = await aStore();
    await confirmedSubscriber(store, "poll@example.test");
    const newsletter = await store.newsletters.create(aNewsletter({ scheduledAt: new Date(Date.now() + 300) }));
    const sender = new NewsletterSender(
      { store, mailer: outboxMailer(store), appUrl, secret },
      { pollIntervalMs: 100 },
    );
    sender.start();
    try {
      await expect
        .poll(async () => (await store.newsletters.findById(newsletter.id))?.status, { timeout: 5_000 })
        .toBe("sent");
    } finally {
      await sender.stop();
    }
    expect(await outboxMails(store)).toHaveLength(1);
  });
});
