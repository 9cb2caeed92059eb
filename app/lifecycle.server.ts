import type { AppConfig } from "~/config.server";
import type { AppServices } from "~/context.server";
import { PENDING_SUBSCRIPTION_RETENTION_DAYS } from "~/domain/newsletter";
import { CONTACT_MESSAGE_RETENTION_DAYS, FINISHED_MAIL_RETENTION_DAYS, retentionCutoff } from "~/domain/retention";
import { seedDemoAccounts } from "~/services/auth/demo-accounts.server";
import { createMailer, OutboxWorker, releaseStaleMails } from "~/services/mail/outbox.server";
import { createMailTransport } from "~/services/mail/transport.server";
import { NewsletterSender } from "~/services/newsletter-sender.server";
import { openStore } from "~/store/open-store.server";
import type { Store } from "~/store/types";

export class DatabaseUnreachableError extends Error {
  constructor(databaseUrl: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Cannot reach the database ${redactCredentials(databaseUrl)}: ${reason.split("\n")[0]}`);
    this.name = "DatabaseUnreachableError";
  }
}

/** Never print a password that sits in a connection string. */
export function redactCredentials(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, "//$1:***@");
}

const databaseTimeoutMs = 10_000;
const purgeIntervalMs = 60 * 60_000;

export interface RunningApp {
  services: AppServices;
  /** Lines worth showing at start (demo credentials, where mails go). */
  notices: string[];
  /** Resolves with the store kind when the database answers, rejects otherwise. */
  health(): Promise<{ store: string }>;
  close(): Promise<void>;
}

async function openStoreWithin(config: AppConfig): Promise<Store> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${databaseTimeoutMs / 1000} s`)), databaseTimeoutMs);
  });
  try {
    return await Promise.race([openStore(config.databaseUrl, { connectTimeoutMs: databaseTimeoutMs - 500 }), timeout]);
  } catch (error) {
    throw new DatabaseUnreachableError(config.databaseUrl, error);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the store (migrations run there) within 10 s, starts the background jobs. */
export async function startApp(config: AppConfig): Promise<RunningApp> {
  const store = await openStoreWithin(config);
  const transport = createMailTransport(config);
  const outbox = new OutboxWorker(store, transport);
  // Mails a crashed process left "sending" go back in the queue before sending starts.
  await releaseStaleMails(store);
  outbox.start();
  const services: AppServices = { config, store, mailer: createMailer(store, outbox) };
  // Scheduled newsletters: every process polls, one claims each (atomic claim with a lease).
  const newsletterSender = new NewsletterSender({ store, mailer: services.mailer, appUrl: config.appUrl });
  newsletterSender.start();

  // SQLite has no TTL index: expired sessions and tokens are purged here. The
  // retention periods promised in the privacy policy are enforced here too.
  // Each step runs even when another one fails.
  const purge = async () => {
    const now = new Date();
    const steps: [what: string, run: () => Promise<number>][] = [
      ["expired sessions", () => store.sessions.purgeExpired(now)],
      ["expired verification tokens", () => store.verifications.purgeExpired(now)],
      ["mails stuck in sending", () => releaseStaleMails(store, now)],
      [
        "old contact messages",
        () => store.contactMessages.purgeOlderThan(retentionCutoff(CONTACT_MESSAGE_RETENTION_DAYS, now)),
      ],
      [
        "unconfirmed newsletter subscriptions",
        () =>
          store.newsletterSubscribers.purgePendingOlderThan(retentionCutoff(PENDING_SUBSCRIPTION_RETENTION_DAYS, now)),
      ],
      [
        "old finished mails",
        () => store.outbox.purgeFinishedOlderThan(retentionCutoff(FINISHED_MAIL_RETENTION_DAYS, now)),
      ],
    ];
    for (const [what, run] of steps) {
      try {
        await run();
      } catch (error) {
        console.error(`Purge of ${what} failed:`, error);
      }
    }
  };
  void purge();
  const purgeTimer = setInterval(purge, purgeIntervalMs);
  purgeTimer.unref();

  const notices: string[] = [];
  if (!config.isProduction) notices.push(...(await seedDemoAccounts(store)));
  if (transport.kind === "files") notices.push(`Mails are written to ${config.mailDir} (list: /dev/mails).`);

  return {
    services,
    notices,
    async health() {
      await store.ping();
      return { store: store.kind };
    },
    async close() {
      clearInterval(purgeTimer);
      await newsletterSender.stop();
      await outbox.stop();
      await store.close();
    },
  };
}
