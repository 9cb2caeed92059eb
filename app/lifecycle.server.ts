import type { AppConfig } from "~/config.server";
import type { AppServices } from "~/context.server";
import { openStore } from "~/store/open-store.server";

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

export interface RunningApp {
  services: AppServices;
  /** Resolves with the store kind when the database answers, rejects otherwise. */
  health(): Promise<{ store: string }>;
  close(): Promise<void>;
}

/** Opens the store (migrations run there) within 10 s, or fails with a message naming the database. */
export async function startApp(config: AppConfig): Promise<RunningApp> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${databaseTimeoutMs / 1000} s`)), databaseTimeoutMs);
  });
  let store;
  try {
    store = await Promise.race([openStore(config.databaseUrl, { connectTimeoutMs: databaseTimeoutMs - 500 }), timeout]);
  } catch (error) {
    throw new DatabaseUnreachableError(config.databaseUrl, error);
  } finally {
    clearTimeout(timer);
  }
  const services: AppServices = { config, store };
  return {
    services,
    async health() {
      await store.ping();
      return { store: store.kind };
    },
    async close() {
      await store.close();
    },
  };
}
