import { NEWSLETTER_SENDING } from "~/domain/newsletter";
import type { Mailer } from "~/services/mail/outbox.server";
import { newClaimToken } from "~/store/claims";
import type { NewsletterClaim, Store } from "~/store/types";
import { renderNewsletterMail } from "./newsletter-mail.server";
import { unsubscribeTokenFor } from "./newsletter-unsubscribe.server";

// Scheduled sending. Every app process runs this loop; a due newsletter is
// claimed with one atomic update (scheduled -> sending, a claim token and a
// lease), so only one process sends it. The sender queues one outbox mail per
// confirmed subscriber, page by page, recording its progress and extending
// its lease under the claim token after each page. If it dies, the lease
// lapses and another process takes over from the last recorded page; mails
// queued twice collapse on their dedupe key, so nobody gets it twice.

export interface NewsletterSenderDeps {
  store: Store;
  mailer: Mailer;
  appUrl: string;
  /** Signs each mail's unsubscribe link (newsletter-unsubscribe.server.ts). */
  secret: string;
}

export interface NewsletterSenderOptions {
  pollIntervalMs?: number;
  leaseMs?: number;
  pageSize?: number;
  maxAttempts?: number;
  now?: () => Date;
}

export type SendResult =
  | { newsletterId: string; status: "sent"; recipientCount: number }
  | { newsletterId: string; status: "failed"; reason: string }
  /** Another process took the newsletter over (this one was too slow): it stopped. */
  | { newsletterId: string; status: "lost" };

/** Why a newsletter failed for good: shown to the admin (French, like the rest of the admin area). */
export const SEND_FAILURE_REASONS = {
  tooManyAttempts: "Envoi interrompu trop de fois : vérifie la configuration des mails, puis programme-la à nouveau.",
} as const;

export class NewsletterSender {
  private readonly deps: NewsletterSenderDeps;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly pageSize: number;
  private readonly maxAttempts: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  /** Set by stop(): the newsletter being sent is finished, no other is claimed. */
  private stopping = false;

  constructor(deps: NewsletterSenderDeps, options: NewsletterSenderOptions = {}) {
    this.deps = deps;
    this.pollIntervalMs = options.pollIntervalMs ?? NEWSLETTER_SENDING.pollIntervalMs;
    this.leaseMs = options.leaseMs ?? NEWSLETTER_SENDING.leaseMs;
    this.pageSize = options.pageSize ?? NEWSLETTER_SENDING.pageSize;
    this.maxAttempts = options.maxAttempts ?? NEWSLETTER_SENDING.maxAttempts;
    this.now = options.now ?? (() => new Date());
  }

  start() {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.sendDue()
        .catch((error: unknown) => console.error("Newsletter sending failed:", error))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.pollIntervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Sends every newsletter due now, one after the other; returns what became of each. */
  async sendDue(): Promise<SendResult[]> {
    const results: SendResult[] = [];
    for (;;) {
      if (this.stopping) break;
      const claim = await this.deps.store.newsletters.claimDue({
        now: this.now(),
        claimToken: newClaimToken(),
        leaseMs: this.leaseMs,
      });
      if (!claim) break;
      results.push(await this.send(claim));
    }
    return results;
  }

  private async send(claim: NewsletterClaim): Promise<SendResult> {
    const { store, mailer, appUrl, secret } = this.deps;
    const { newsletter, claimToken } = claim;
    const newsletterId = newsletter.id;
    const fail = async (reason: string): Promise<SendResult> =>
      (await store.newsletters.finish(newsletterId, claimToken, { status: "failed", reason }))
        ? { newsletterId, status: "failed", reason }
        : { newsletterId, status: "lost" };

    if (newsletter.attempts > this.maxAttempts) return fail(SEND_FAILURE_REASONS.tooManyAttempts);

    try {
      let cursor = claim.cursor;
      let recipientCount = newsletter.recipientCount ?? 0;
      for (;;) {
        const page = await store.newsletterSubscribers.listConfirmed({ afterId: cursor, limit: this.pageSize });
        if (page.length === 0) break;
        for (const subscriber of page) {
          const unsubscribeToken = unsubscribeTokenFor(secret, subscriber.id);
          await mailer.queue(renderNewsletterMail({ newsletter, subscriber, unsubscribeToken, appUrl }));
        }
        recipientCount += page.length;
        cursor = page.at(-1)!.id;
        const leaseUntil = new Date(this.now().getTime() + this.leaseMs);
        if (
          !(await store.newsletters.recordProgress(newsletterId, claimToken, { cursor, recipientCount, leaseUntil }))
        ) {
          return { newsletterId, status: "lost" };
        }
        if (page.length < this.pageSize) break;
      }
      const finished = await store.newsletters.finish(newsletterId, claimToken, {
        status: "sent",
        sentAt: this.now(),
        recipientCount,
      });
      return finished ? { newsletterId, status: "sent", recipientCount } : { newsletterId, status: "lost" };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Newsletter ${newsletterId} not sent:`, error);
      return fail(reason.slice(0, 500));
    }
  }
}
