import { type AppConfig, unsetLegalNoticeVariables } from "~/config.server";
import type { AppServices } from "~/context.server";
import { PENDING_SUBSCRIPTION_RETENTION_DAYS } from "~/domain/newsletter";
import { CONTACT_MESSAGE_RETENTION_DAYS, FINISHED_MAIL_RETENTION_DAYS, retentionCutoff } from "~/domain/retention";
import { lockPublishedDemoPasswords, seedDemoAccounts } from "~/services/auth/demo-accounts.server";
import { exerciseCatalogue } from "~/services/workout/exercise-catalogue.server";
import { createMailer, OutboxWorker } from "~/services/mail/outbox.server";
import { createMailTransport } from "~/services/mail/transport.server";
import { NewsletterSender } from "~/services/newsletter-sender.server";
import { openStore } from "~/store/open-store.server";
import { StoreAuthenticationError, StoreIndexBuildError, StoreUnreachableError } from "~/store/start-errors";
import type { Store } from "~/store/types";

export type DatabaseStartFailure = "unreachable" | "authentication" | "index-build" | "other";

/** Why the store did not open, in one line that names the database (credentials masked). */
export class DatabaseStartError extends Error {
  readonly failure: DatabaseStartFailure;
  constructor(databaseUrl: string, cause: unknown) {
    const database = redactCredentials(databaseUrl);
    const reason = (cause instanceof Error ? cause.message : String(cause)).split("\n")[0];
    let failure: DatabaseStartFailure = "other";
    let message = `Cannot open the database ${database}: ${reason}`;
    if (cause instanceof StoreUnreachableError || cause instanceof StartTimeoutError) {
      failure = "unreachable";
      message = `Cannot reach the database ${database}: ${reason}`;
    } else if (cause instanceof StoreAuthenticationError) {
      failure = "authentication";
      message = `The database ${database} refused the credentials: ${reason} Check the user, the password and authSource in DATABASE_URL.`;
    } else if (cause instanceof StoreIndexBuildError) {
      failure = "index-build";
      message = `Index build failed on the database ${database}: ${reason}`;
    }
    super(message, { cause });
    this.name = "DatabaseStartError";
    this.failure = failure;
  }
}

class StartTimeoutError extends Error {}

/** Never print a password that sits in a connection string. */
export function redactCredentials(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, "//$1:***@");
}

const databaseTimeoutMs = 10_000;
const purgeIntervalMs = 60 * 60_000;
/**
 * How long /readyz waits for the store. Well under a load balancer's probe
 * timeout (Kubernetes defaults to 1 s): a store that is slow to answer (an
 * election under way) is reported, not waited for.
 */
export const STORE_CHECK_TIMEOUT_MS = 500;

export type StoreState = "ok" | "unreachable";

export interface RunningApp {
  services: AppServices;
  /** Lines worth showing at start (demo credentials, where mails go, why dev tools are off). */
  notices: string[];
  /** "ok" when the store answers a ping within STORE_CHECK_TIMEOUT_MS; never rejects. */
  checkStore(): Promise<StoreState>;
  close(): Promise<void>;
}

async function openStoreWithin(config: AppConfig): Promise<Store> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StartTimeoutError(`no answer within ${databaseTimeoutMs / 1000} s`)),
      databaseTimeoutMs,
    );
  });
  try {
    return await Promise.race([openStore(config.databaseUrl, { connectTimeoutMs: databaseTimeoutMs - 500 }), timeout]);
  } catch (error) {
    throw new DatabaseStartError(config.databaseUrl, error);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the store (migrations run there) within 10 s, starts the background jobs. */
export async function startApp(config: AppConfig): Promise<RunningApp> {
  const store = await openStoreWithin(config);
  // The exercise catalogue is validated and indexed now, not by the first request.
  exerciseCatalogue();
  const transport = createMailTransport(config);
  // Mails a crashed process left "sending" are taken over by claimNext once their lease lapses.
  const outbox = new OutboxWorker(store, transport);
  outbox.start();
  const services: AppServices = { config, store, mailer: createMailer(store, outbox) };
  // Scheduled newsletters: every process polls, one claims each (atomic claim with a lease).
  const newsletterSender = new NewsletterSender({
    store,
    mailer: services.mailer,
    appUrl: config.appUrl,
    secret: config.sessionSecret,
  });
  newsletterSender.start();

  // SQLite has no TTL index: expired sessions and tokens are purged here. The
  // retention periods promised in the privacy policy are enforced here too.
  // Each step runs even when another one fails.
  const purge = async () => {
    const now = new Date();
    const steps: [what: string, run: () => Promise<number>][] = [
      ["expired sessions", () => store.sessions.purgeExpired(now)],
      ["expired verification tokens", () => store.verifications.purgeExpired(now)],
      ["expired e-mail changes", () => store.emailChanges.purgeExpired(now)],
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
  if (config.devTools.enabled) {
    notices.push(...(await seedDemoAccounts(store)));
  } else {
    if (config.devTools.reason) notices.push(config.devTools.reason);
    notices.push(...(await lockPublishedDemoPasswords(store)));
  }
  // A public site owes its visitors the publisher's and host's names: say which are missing.
  const unsetLegal = unsetLegalNoticeVariables(config.legalNotice);
  if (config.isProduction && unsetLegal.length > 0) {
    notices.push(`Legal notice: ${unsetLegal.join(", ")} not set; /mentions-legales shows a placeholder instead.`);
  }
  if (transport.kind === "files") {
    notices.push(`Mails are written to ${config.mailDir}${config.devTools.enabled ? " (list: /dev/mails)" : ""}.`);
  }

  return {
    services,
    notices,
    checkStore: () => checkStore(store),
    async close() {
      clearInterval(purgeTimer);
      await newsletterSender.stop();
      await outbox.stop();
      await store.close();
    },
  };
}

async function checkStore(store: Store): Promise<StoreState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<StoreState>((resolve) => {
    timer = setTimeout(() => resolve("unreachable"), STORE_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([store.ping().then((): StoreState => "ok"), timeout]);
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}
