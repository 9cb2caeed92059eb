// The store contract of the community features (reviews, newsletters,
// subscribers' double opt-in, outbox headers and deduplication), run by
// describeStoreContract against every adapter.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aContractUserId } from "./contract-users.ts";
import type { NewsletterDraft, NewSubscriber, Store } from "./types.ts";

const ID_PATTERN = /^[0-9a-f]{24}$/;
const UNKNOWN_ID = "0123456789abcdef01234567";
const INVALID_IDS: unknown[] = ["nope", "", "0123456789abcdef0123456z", 42, null, { $gt: "" }];
const OPERATOR = { $gt: "" } as unknown as string;
const MINUTE_MS = 60_000;

function tick(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function aToken(): string {
  return randomBytes(32).toString("hex");
}

function aSubscriber(email: string, overrides: Partial<NewSubscriber> = {}): NewSubscriber {
  return {
    email,
    locale: "fr",
    confirmTokenHash: aToken(),
    confirmWithAccount: false,
    ...overrides,
  };
}

function aDraft(overrides: Partial<NewsletterDraft> = {}): NewsletterDraft {
  return {
    title: "Printemps",
    subject: "Tes séances de printemps",
    content: "<p>Bonjour</p>",
    scheduledAt: new Date(Date.now() - MINUTE_MS),
    status: "scheduled",
    ...overrides,
  };
}

export function describeCommunityStoreContract(makeStore: () => Promise<Store>): void {
  let store: Store;

  beforeEach(async () => {
    store = await makeStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const aUserId = () => aContractUserId(store, "Reviewer");

  describe("newsletter subscribers", () => {
    const subscribers = () => store.newsletterSubscribers;

    it("subscribes an address once, lowercased and trimmed, pending until confirmed", async () => {
      const first = await subscribers().subscribe(aSubscriber("  Fan@Example.TEST ", { locale: "en" }));
      expect(first.created).toBe(true);
      expect(first.subscriber.id).toMatch(ID_PATTERN);
      expect(first.subscriber).toMatchObject({
        email: "fan@example.test",
        locale: "en",
        confirmedAt: null,
        confirmWithAccount: false,
      });
      expect(first.subscriber.createdAt).toBeInstanceOf(Date);

      const again = await subscribers().subscribe(aSubscriber("FAN@example.test", { locale: "de" }));
      expect(again).toEqual({ subscriber: first.subscriber, created: false });
    });

    it("finds a subscriber by e-mail whatever its case", async () => {
      const { subscriber } = await subscribers().subscribe(aSubscriber("reader@example.test"));
      expect(await subscribers().findByEmail(" READER@example.test")).toEqual(subscriber);
      expect(await subscribers().findByEmail("other@example.test")).toBeNull();
      expect(await subscribers().findByEmail(OPERATOR)).toBeNull();
    });

    it("confirms by the token of the confirmation mail, once", async () => {
      const hash = aToken();
      await subscribers().subscribe(aSubscriber("confirm@example.test", { confirmTokenHash: hash }));
      const at = new Date("2026-03-01T10:00:00.000Z");

      const confirmed = await subscribers().confirmByToken(hash, at);
      expect(confirmed).toMatchObject({ email: "confirm@example.test" });
      expect(confirmed?.confirmedAt?.getTime()).toBe(at.getTime());
      expect(await subscribers().confirmByToken(hash)).toBeNull();
      expect(await subscribers().confirmByToken(aToken())).toBeNull();
      expect(await subscribers().confirmByToken(OPERATOR)).toBeNull();
    });

    it("replaces the confirmation token of a pending subscription only", async () => {
      const oldHash = aToken();
      const newHash = aToken();
      await subscribers().subscribe(aSubscriber("again@example.test", { confirmTokenHash: oldHash }));
      expect(await subscribers().replaceConfirmToken("Again@example.test", newHash)).toBe(true);
      expect(await subscribers().confirmByToken(oldHash)).toBeNull();
      expect(await subscribers().confirmByToken(newHash)).not.toBeNull();
      // Confirmed now: nothing to replace.
      expect(await subscribers().replaceConfirmToken("again@example.test", aToken())).toBe(false);
      expect(await subscribers().replaceConfirmToken("unknown@example.test", aToken())).toBe(false);
    });

    it("confirms with the account only what the sign-up box asked for", async () => {
      await subscribers().subscribe(
        aSubscriber("box@example.test", { confirmTokenHash: null, confirmWithAccount: true }),
      );
      await subscribers().subscribe(aSubscriber("form@example.test"));

      expect(await subscribers().confirmWithAccount("form@example.test")).toBe(false);
      expect((await subscribers().findByEmail("form@example.test"))?.confirmedAt).toBeNull();
      expect(await subscribers().confirmWithAccount("BOX@example.test")).toBe(true);
      expect((await subscribers().findByEmail("box@example.test"))?.confirmedAt).toBeInstanceOf(Date);
      expect(await subscribers().confirmWithAccount("box@example.test")).toBe(false);
    });

    it("keeps the sign-up wish on a pending subscription made from the form", async () => {
      const { subscriber } = await subscribers().subscribe(aSubscriber("both@example.test"));
      const again = await subscribers().subscribe(
        aSubscriber("both@example.test", { confirmTokenHash: null, confirmWithAccount: true }),
      );
      expect(again.created).toBe(false);
      expect(again.subscriber).toMatchObject({ id: subscriber.id, confirmWithAccount: true, confirmedAt: null });
      expect(await subscribers().confirmWithAccount("both@example.test")).toBe(true);
    });

    it("unsubscribes by e-mail, saying whether there was a subscription", async () => {
      await subscribers().subscribe(aSubscriber("leaving@example.test"));
      expect(await subscribers().unsubscribe("Leaving@Example.test")).toBe(true);
      expect(await subscribers().unsubscribe("leaving@example.test")).toBe(false);
      expect(await subscribers().findByEmail("leaving@example.test")).toBeNull();
      expect(await subscribers().unsubscribe(OPERATOR)).toBe(false);
    });

    it("unsubscribes by the id the mails' link names, once, and only that subscription", async () => {
      const { subscriber } = await subscribers().subscribe(aSubscriber("token@example.test"));
      const { subscriber: other } = await subscribers().subscribe(aSubscriber("other@example.test"));
      expect(await subscribers().unsubscribeById(subscriber.id)).toMatchObject({
        id: subscriber.id,
        email: "token@example.test",
      });
      expect(await subscribers().unsubscribeById(subscriber.id)).toBeNull();
      expect(await subscribers().findByEmail("token@example.test")).toBeNull();
      expect(await subscribers().findByEmail("other@example.test")).toMatchObject({ id: other.id });
      expect(await subscribers().unsubscribeById(OPERATOR as never)).toBeNull();
      expect(await subscribers().unsubscribeById("not-an-id")).toBeNull();
    });

    it("finds no subscription by a legacy token hash that no row holds", async () => {
      await subscribers().subscribe(aSubscriber("new@example.test"));
      expect(await subscribers().unsubscribeByLegacyTokenHash("a".repeat(64))).toBeNull();
      expect(await subscribers().unsubscribeByLegacyTokenHash(OPERATOR as never)).toBeNull();
      expect(await subscribers().unsubscribeByLegacyTokenHash("")).toBeNull();
      expect(await subscribers().findByEmail("new@example.test")).not.toBeNull();
    });

    it("subscribes again after unsubscribing", async () => {
      await subscribers().subscribe(aSubscriber("back@example.test"));
      await subscribers().unsubscribe("back@example.test");
      expect((await subscribers().subscribe(aSubscriber("back@example.test", { locale: "es" }))).created).toBe(true);
    });

    it("settles concurrent subscriptions of one address on a single subscriber", async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, () => subscribers().subscribe(aSubscriber("race@example.test"))),
      );
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.subscriber.id)).size).toBe(1);
    });

    it("pages through confirmed subscribers by id, skipping pending ones", async () => {
      const confirmedIds: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const hash = aToken();
        await subscribers().subscribe(aSubscriber(`page${index}@example.test`, { confirmTokenHash: hash }));
        await subscribers().subscribe(aSubscriber(`pending${index}@example.test`));
        confirmedIds.push((await subscribers().confirmByToken(hash))!.id);
      }
      confirmedIds.sort();

      const firstPage = await subscribers().listConfirmed({ afterId: null, limit: 2 });
      expect(firstPage.map((each) => each.id)).toEqual(confirmedIds.slice(0, 2));
      const secondPage = await subscribers().listConfirmed({ afterId: firstPage[1]!.id, limit: 10 });
      expect(secondPage.map((each) => each.id)).toEqual(confirmedIds.slice(2));
      expect(secondPage.every((each) => each.confirmedAt instanceof Date)).toBe(true);
      expect(await subscribers().listConfirmed({ afterId: confirmedIds[4]!, limit: 10 })).toEqual([]);
      await expect(subscribers().listConfirmed({ afterId: OPERATOR, limit: 10 })).rejects.toThrow(TypeError);
      await expect(subscribers().listConfirmed({ afterId: null, limit: 0 })).rejects.toThrow(TypeError);
    });

    it("purges pending subscriptions created before the cutoff, never confirmed ones", async () => {
      const hash = aToken();
      await subscribers().subscribe(aSubscriber("kept@example.test", { confirmTokenHash: hash }));
      await subscribers().confirmByToken(hash);
      await subscribers().subscribe(aSubscriber("stale@example.test"));
      await tick();
      const cutoff = new Date();
      await tick();
      await subscribers().subscribe(aSubscriber("fresh@example.test"));

      expect(await subscribers().purgePendingOlderThan(cutoff)).toBe(1);
      expect(await subscribers().findByEmail("stale@example.test")).toBeNull();
      expect(await subscribers().findByEmail("kept@example.test")).not.toBeNull();
      expect(await subscribers().findByEmail("fresh@example.test")).not.toBeNull();
    });
  });

  describe("reviews", () => {
    it("creates a review waiting for moderation", async () => {
      const userId = await aUserId();
      const review = await store.reviews.create({ userId, name: "Léa", rating: 4, comment: "Très bien <b>fait</b>" });
      expect(review.id).toMatch(ID_PATTERN);
      expect(review).toMatchObject({
        userId,
        name: "Léa",
        rating: 4,
        comment: "Très bien <b>fait</b>",
        isApproved: false,
        approvedAt: null,
      });
      expect(review.createdAt).toBeInstanceOf(Date);
      expect(await store.reviews.findById(review.id)).toEqual(review);
    });

    it("rejects a rating outside 1-5 or a bad author id", async () => {
      const userId = await aUserId();
      for (const rating of [0, 6, 2.5, Number.NaN, "5" as unknown as number]) {
        await expect(store.reviews.create({ userId, name: "N", rating, comment: "c" })).rejects.toThrow(TypeError);
      }
      await expect(store.reviews.create({ userId: OPERATOR, name: "N", rating: 3, comment: "c" })).rejects.toThrow(
        TypeError,
      );
    });

    it("lists approved reviews only, newest first, up to the limit; all reviews for moderation", async () => {
      const userId = await aUserId();
      const created = [];
      for (let index = 0; index < 4; index += 1) {
        created.push(await store.reviews.create({ userId, name: "N", rating: 5, comment: `Avis ${index}` }));
        await tick();
      }
      await store.reviews.approve(created[0]!.id);
      await store.reviews.approve(created[2]!.id);
      await store.reviews.approve(created[3]!.id);

      const approved = await store.reviews.listApproved({ limit: 2 });
      expect(approved.map((review) => review.comment)).toEqual(["Avis 3", "Avis 2"]);
      expect((await store.reviews.listApproved({ limit: 10 })).map((review) => review.comment)).toEqual([
        "Avis 3",
        "Avis 2",
        "Avis 0",
      ]);
      const all = await store.reviews.listAll({ limit: 10 });
      expect(all.map((review) => [review.comment, review.isApproved])).toEqual([
        ["Avis 3", true],
        ["Avis 2", true],
        ["Avis 1", false],
        ["Avis 0", true],
      ]);
      expect(await store.reviews.listAll({ limit: 1 })).toHaveLength(1);
      await expect(store.reviews.listAll({ limit: 0 })).rejects.toThrow(TypeError);
    });

    it("approves once: approving again keeps the first date", async () => {
      const userId = await aUserId();
      const review = await store.reviews.create({ userId, name: "N", rating: 2, comment: "Bof bof bof" });
      const first = new Date("2026-01-02T03:04:05.000Z");
      const approved = await store.reviews.approve(review.id, first);
      expect(approved).toMatchObject({ id: review.id, isApproved: true });
      expect(approved?.approvedAt?.getTime()).toBe(first.getTime());
      const again = await store.reviews.approve(review.id, new Date());
      expect(again?.approvedAt?.getTime()).toBe(first.getTime());
    });

    it("answers null or false for an unknown or invalid id", async () => {
      expect(await store.reviews.approve(UNKNOWN_ID)).toBeNull();
      expect(await store.reviews.delete(UNKNOWN_ID)).toBe(false);
      expect(await store.reviews.findById(UNKNOWN_ID)).toBeNull();
      for (const id of INVALID_IDS) {
        expect(await store.reviews.approve(id as string)).toBeNull();
        expect(await store.reviews.delete(id as string)).toBe(false);
        expect(await store.reviews.findById(id as string)).toBeNull();
      }
    });

    it("deletes a review", async () => {
      const userId = await aUserId();
      const review = await store.reviews.create({ userId, name: "N", rating: 1, comment: "À supprimer" });
      expect(await store.reviews.delete(review.id)).toBe(true);
      expect(await store.reviews.delete(review.id)).toBe(false);
      expect(await store.reviews.findById(review.id)).toBeNull();
    });
  });

  describe("newsletters", () => {
    const claimOptions = (now = new Date(), leaseMs = MINUTE_MS) => ({ now, claimToken: aToken(), leaseMs });

    it("creates a newsletter and finds it", async () => {
      const scheduledAt = new Date("2026-06-01T08:00:00.000Z");
      const newsletter = await store.newsletters.create(aDraft({ scheduledAt, status: "draft" }));
      expect(newsletter.id).toMatch(ID_PATTERN);
      expect(newsletter).toMatchObject({
        title: "Printemps",
        subject: "Tes séances de printemps",
        content: "<p>Bonjour</p>",
        status: "draft",
        sentAt: null,
        recipientCount: null,
        failureReason: null,
        attempts: 0,
      });
      expect(newsletter.scheduledAt.getTime()).toBe(scheduledAt.getTime());
      expect(await store.newsletters.findById(newsletter.id)).toEqual(newsletter);
      expect(await store.newsletters.findById(UNKNOWN_ID)).toBeNull();
      expect(await store.newsletters.findById(OPERATOR)).toBeNull();
    });

    it("refuses a status the admin cannot choose", async () => {
      await expect(store.newsletters.create(aDraft({ status: "sent" as "draft" }))).rejects.toThrow(TypeError);
      await expect(store.newsletters.create(aDraft({ scheduledAt: new Date(Number.NaN) }))).rejects.toThrow(TypeError);
    });

    it("lists newest first, up to the limit", async () => {
      for (const title of ["A", "B", "C"]) {
        await store.newsletters.create(aDraft({ title }));
        await tick();
      }
      expect((await store.newsletters.list({ limit: 2 })).map((each) => each.title)).toEqual(["C", "B"]);
    });

    it("updates a draft, and resets the sending state of a failed one", async () => {
      const newsletter = await store.newsletters.create(aDraft({ status: "draft" }));
      const changed = await store.newsletters.update(newsletter.id, aDraft({ title: "Été", status: "scheduled" }));
      expect(changed).toMatchObject({ ok: true, value: { title: "Été", status: "scheduled" } });

      const claim = await store.newsletters.claimDue(claimOptions());
      expect(claim?.newsletter.id).toBe(newsletter.id);
      await store.newsletters.finish(newsletter.id, claim!.claimToken, { status: "failed", reason: "SMTP down" });
      expect(await store.newsletters.findById(newsletter.id)).toMatchObject({
        status: "failed",
        failureReason: "SMTP down",
        attempts: 1,
      });

      const retried = await store.newsletters.update(newsletter.id, aDraft({ status: "scheduled" }));
      expect(retried).toMatchObject({ ok: true, value: { status: "scheduled", failureReason: null, attempts: 0 } });
      const reclaimed = await store.newsletters.claimDue(claimOptions());
      expect(reclaimed?.cursor).toBeNull();
    });

    it("refuses to update or delete a newsletter that is sending or sent", async () => {
      const newsletter = await store.newsletters.create(aDraft());
      const claim = await store.newsletters.claimDue(claimOptions());
      expect(await store.newsletters.update(newsletter.id, aDraft())).toEqual({
        ok: false,
        reason: "locked",
        status: "sending",
      });
      expect(await store.newsletters.delete(newsletter.id)).toEqual({ ok: false, reason: "locked", status: "sending" });

      await store.newsletters.finish(newsletter.id, claim!.claimToken, {
        status: "sent",
        sentAt: new Date(),
        recipientCount: 3,
      });
      expect(await store.newsletters.update(newsletter.id, aDraft())).toEqual({
        ok: false,
        reason: "locked",
        status: "sent",
      });
      expect(await store.newsletters.delete(newsletter.id)).toEqual({ ok: false, reason: "locked", status: "sent" });
      expect(await store.newsletters.findById(newsletter.id)).toMatchObject({ status: "sent", recipientCount: 3 });
    });

    it("deletes an editable newsletter; not-found for an unknown or invalid id", async () => {
      const newsletter = await store.newsletters.create(aDraft({ status: "draft" }));
      expect(await store.newsletters.delete(newsletter.id)).toEqual({ ok: true, value: true });
      expect(await store.newsletters.delete(newsletter.id)).toEqual({ ok: false, reason: "not-found" });
      for (const id of INVALID_IDS) {
        expect(await store.newsletters.delete(id as string)).toEqual({ ok: false, reason: "not-found" });
        expect(await store.newsletters.update(id as string, aDraft())).toEqual({ ok: false, reason: "not-found" });
      }
    });

    it("claims only scheduled newsletters that are due, oldest first", async () => {
      const now = new Date();
      await store.newsletters.create(aDraft({ status: "draft", scheduledAt: new Date(now.getTime() - MINUTE_MS) }));
      await store.newsletters.create(aDraft({ title: "later", scheduledAt: new Date(now.getTime() + MINUTE_MS) }));
      const newer = await store.newsletters.create(aDraft({ scheduledAt: new Date(now.getTime() - MINUTE_MS) }));
      const older = await store.newsletters.create(aDraft({ scheduledAt: new Date(now.getTime() - 2 * MINUTE_MS) }));

      const first = await store.newsletters.claimDue(claimOptions(now));
      expect(first?.newsletter).toMatchObject({ id: older.id, status: "sending", attempts: 1 });
      expect(first?.leaseUntil.getTime()).toBe(now.getTime() + MINUTE_MS);
      expect(first?.cursor).toBeNull();
      expect((await store.newsletters.claimDue(claimOptions(now)))?.newsletter.id).toBe(newer.id);
      expect(await store.newsletters.claimDue(claimOptions(now))).toBeNull();
    });

    it("never hands the same newsletter to concurrent claims", async () => {
      await store.newsletters.create(aDraft());
      const claims = await Promise.all(Array.from({ length: 5 }, () => store.newsletters.claimDue(claimOptions())));
      expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    });

    it("binds progress and the outcome to the claim token", async () => {
      const newsletter = await store.newsletters.create(aDraft());
      const claim = (await store.newsletters.claimDue(claimOptions()))!;
      const cursor = UNKNOWN_ID;
      const leaseUntil = new Date(Date.now() + 2 * MINUTE_MS);

      expect(
        await store.newsletters.recordProgress(newsletter.id, aToken(), { cursor, recipientCount: 1, leaseUntil }),
      ).toBe(false);
      expect(await store.newsletters.finish(newsletter.id, aToken(), { status: "failed", reason: "x" })).toBe(false);
      expect(await store.newsletters.findById(newsletter.id)).toMatchObject({
        status: "sending",
        recipientCount: null,
      });

      expect(
        await store.newsletters.recordProgress(newsletter.id, claim.claimToken, {
          cursor,
          recipientCount: 7,
          leaseUntil,
        }),
      ).toBe(true);
      expect((await store.newsletters.findById(newsletter.id))?.recipientCount).toBe(7);
      const sentAt = new Date("2026-02-03T04:05:06.000Z");
      expect(
        await store.newsletters.finish(newsletter.id, claim.claimToken, { status: "sent", sentAt, recipientCount: 9 }),
      ).toBe(true);
      const sent = await store.newsletters.findById(newsletter.id);
      expect(sent).toMatchObject({ status: "sent", recipientCount: 9 });
      expect(sent?.sentAt?.getTime()).toBe(sentAt.getTime());
      // A finished claim is over: its token counts no more.
      expect(await store.newsletters.finish(newsletter.id, claim.claimToken, { status: "failed", reason: "x" })).toBe(
        false,
      );
    });

    it("lets another sender take over once the lease lapses, and the first one loses its claim", async () => {
      const newsletter = await store.newsletters.create(aDraft());
      const start = new Date();
      const first = (await store.newsletters.claimDue(claimOptions(start, 1_000)))!;
      const cursor = UNKNOWN_ID;
      await store.newsletters.recordProgress(newsletter.id, first.claimToken, {
        cursor,
        recipientCount: 4,
        leaseUntil: new Date(start.getTime() + 1_000),
      });

      // Still held at the lease's last moment.
      expect(await store.newsletters.claimDue(claimOptions(new Date(start.getTime() + 1_000)))).toBeNull();
      const second = await store.newsletters.claimDue(claimOptions(new Date(start.getTime() + 1_001)));
      expect(second?.newsletter).toMatchObject({
        id: newsletter.id,
        status: "sending",
        attempts: 2,
        recipientCount: 4,
      });
      expect(second?.cursor).toBe(cursor);

      expect(
        await store.newsletters.recordProgress(newsletter.id, first.claimToken, {
          cursor,
          recipientCount: 5,
          leaseUntil: new Date(),
        }),
      ).toBe(false);
      expect(
        await store.newsletters.finish(newsletter.id, first.claimToken, { status: "failed", reason: "late" }),
      ).toBe(false);
      expect(
        await store.newsletters.finish(newsletter.id, second!.claimToken, {
          status: "sent",
          sentAt: new Date(),
          recipientCount: 4,
        }),
      ).toBe(true);
    });
  });

  describe("outbox headers and deduplication", () => {
    const mail = { to: "reader@example.test", subject: "S", text: "T", html: "<p>H</p>" };

    it("keeps a mail's extra headers; none by default", async () => {
      const headers = {
        "List-Unsubscribe": "<https://example.test/u?token=abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      };
      const queued = await store.outbox.enqueue({ ...mail, headers });
      expect(queued.headers).toEqual(headers);
      expect((await store.outbox.claimNext())?.headers).toEqual(headers);
      expect((await store.outbox.enqueue(mail)).headers).toEqual({});
    });

    it("refuses a header value that would start another header", async () => {
      await expect(store.outbox.enqueue({ ...mail, headers: { "X-Bad": "a\r\nBcc: x@example.test" } })).rejects.toThrow(
        TypeError,
      );
      await expect(store.outbox.enqueue({ ...mail, headers: { "Bad Name": "a" } })).rejects.toThrow(TypeError);
    });

    it("queues a mail with a dedupe key once, even when enqueued concurrently", async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, () => store.outbox.enqueue({ ...mail, dedupeKey: "newsletter:1:2" })),
      );
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
      expect(results[0]!.dedupeKey).toBe("newsletter:1:2");
      await store.outbox.enqueue({ ...mail, dedupeKey: "newsletter:1:3" });
      await store.outbox.enqueue(mail);
      await store.outbox.enqueue(mail);
      expect((await store.outbox.countByStatus()).queued).toBe(4);
    });
  });
}
