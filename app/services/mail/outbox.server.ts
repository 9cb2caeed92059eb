import { nextRetryDelayMs } from "~/domain/mail-retry";
import type { ClaimedOutboxMail, NewOutboxMail, Store } from "~/store/types";
import type { MailTransport } from "./transport.server";

const pollIntervalMs = 2_000;

/**
 * Mails are stored first and sent by this background loop, so a request
 * never waits on SMTP and nothing is lost while SMTP is down. Each mail is
 * claimed atomically under a token with a lease, so several app processes
 * can run the loop together: a mail whose sender died goes out through
 * another one once the lease lapses, and the dead sender's claim, should it
 * come back, changes nothing.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  private readonly store: Store;
  private readonly transport: MailTransport;

  constructor(store: Store, transport: MailTransport) {
    this.store = store;
    this.transport = transport;
  }

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  /** Send soon: called right after a mail is queued. */
  nudge() {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(pollIntervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** Sends every mail that is due; returns how many went out. */
  async drain(now = () => new Date()): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        const mail = await this.store.outbox.claimNext(now());
        if (!mail) break;
        if (await this.attempt(mail, now)) sent++;
      }
    } catch (error) {
      console.error("Outbox loop failed:", error);
    }
    return sent;
  }

  /** Sends one claimed mail and records the outcome under its claim; true when it went out. */
  private async attempt(mail: ClaimedOutboxMail, now: () => Date): Promise<boolean> {
    let failure: string | null = null;
    try {
      await this.transport.send(mail);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    let recorded: boolean;
    if (failure === null) {
      recorded = await this.store.outbox.markSent(mail, now());
    } else {
      const delay = nextRetryDelayMs(mail.attempts);
      recorded =
        delay === null
          ? await this.store.outbox.markFailed(mail, failure)
          : await this.store.outbox.markRetry(mail, failure, new Date(now().getTime() + delay));
      console.warn(`Mail ${mail.id} to ${mail.to} not sent (attempt ${mail.attempts}): ${failure}`);
    }
    if (!recorded) {
      console.warn(
        `Mail ${mail.id}: the claim lapsed during this attempt; the sender that took it over records the outcome.`,
      );
    }
    return failure === null;
  }
}

export interface Mailer {
  /** Stores the mail in the outbox and wakes the sender. */
  queue(mail: NewOutboxMail): Promise<void>;
}

export function createMailer(store: Store, worker: OutboxWorker): Mailer {
  return {
    async queue(mail) {
      await store.outbox.enqueue(mail);
      worker.nudge();
    },
  };
}
