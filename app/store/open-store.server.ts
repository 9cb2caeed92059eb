import { openMongoStore } from "./mongo/mongo-store.server.ts";
import { openSqliteStore } from "./sqlite/sqlite-store.server.ts";
import type { Store } from "./types.ts";

export interface OpenStoreOptions {
  /** MongoDB only: how long to wait for the server (default 10 s). */
  connectTimeoutMs?: number;
}

/** Opens the adapter named by the URL scheme: `sqlite:...`, `mongodb://...` or `mongodb+srv://...`. */
export async function openStore(databaseUrl: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (databaseUrl.startsWith("sqlite:")) return openSqliteStore(databaseUrl);
  if (databaseUrl.startsWith("mongodb://") || databaseUrl.startsWith("mongodb+srv://")) {
    return openMongoStore(databaseUrl, { connectTimeoutMs: options.connectTimeoutMs });
  }
  // Only the scheme is echoed: the rest of a URL may hold credentials.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(databaseUrl)?.[0] ?? "(none)";
  throw new Error(
    `Unsupported database URL scheme ${scheme}: use sqlite:./path/to/file.db, sqlite::memory:, mongodb:// or mongodb+srv://`,
  );
}
