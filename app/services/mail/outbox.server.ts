import { nextRetryDelayMs } from "~/domain/mail-retry";
import type { NewOutboxMail, Store } from "~/store/types";
import type { MailTransport } from "./transport.server";

const pollIntervalMs = 2_000;
/** A mail left "sending" this long ago belonged to a process that died mid-send. */
const staleSendingMs = 5 * 60_000;

/** Requeues mails a crashed process left in "sending": at start and with the hourly purge, not on every poll. */
export function releaseStaleMails(store: Store, now = new Date()): Promise<number> {
  return store.outbox.releaseStale(new Date(now.getTime() - staleSendingMs));
}

/**
 * Mails are stored first and sent by this background loop, so a request
 * never waits on SMTP and nothing is lost while SMTP is down. Each mail is
 * claimed atomically, so several app processes can run the loop together.
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
        try {
          await this.transport.send(mail);
          await this.store.outbox.markSent(mail.id, now());
          sent++;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const delay = nextRetryDelayMs(mail.attempts);
          if (delay === null) await this.store.outbox.markFailed(mail.id, reason);
          else await this.store.outbox.markRetry(mail.id, reason, new Date(now().getTime() + delay));
          console.warn(`Mail ${mail.id} to ${mail.to} not sent (attempt ${mail.attempts}): ${reason}`);
        }
      }
    } catch (error) {
      console.error("Outbox loop failed:", error);
    }
    return sent;
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
