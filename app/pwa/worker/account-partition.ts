// The worker's personal caches: copies of pages (and of the few /api answers
// it keeps) live in one cache per account, named after the opaque key the
// server sends with each answer (OFFLINE_ACCOUNT_HEADER: the account this
// browser is signed in as once the answer is applied, or "anonymous").
//
// Only one account's cache exists at a time. An answer that names another
// account (a login, a logout, a session that ended elsewhere, an account
// deleted) first deletes every other account's cache: whoever uses this
// browser next, online or not, never gets a page made for someone else, and
// a visitor's copy never passes for a signed-in page or the reverse.
// Answers to requests sent before the last change are neither kept nor
// allowed to switch back (a page of the old account arriving late).

import { OFFLINE_ACCOUNT_HEADER } from "../addresses.ts";

export const PARTITION_PREFIX = "dynami-account-";

/** What the header may hold: the server's base64url key, or "anonymous". */
const ACCOUNT_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The account an answer names, or null when it names none (or something malformed). */
export function accountOf(response: Response): string | null {
  const value = response.headers.get(OFFLINE_ACCOUNT_HEADER);
  return value !== null && ACCOUNT_PATTERN.test(value) ? value : null;
}

export const partitionName = (account: string) => `${PARTITION_PREFIX}${account}`;

export interface AccountPartitions {
  /** The cache of the account this browser was last seen signed in as, or null when none is known. */
  current(): Promise<Cache | null>;
  /**
   * An answer to a request sent at `requestedAt` names `account`: the cache
   * its copy may go to (`created` when this account's cache is new), or null
   * when it came too late to count.
   */
  seen(account: string, requestedAt: number): Promise<{ cache: Cache; created: boolean } | null>;
}

export function accountPartitions(caches: CacheStorage, now: () => number = Date.now): AccountPartitions {
  /** When the account last changed, as this worker saw it (a restarted worker starts afresh). */
  let changedAt = Number.NEGATIVE_INFINITY;
  /** One change at a time: two answers naming two accounts must not interleave their deletions. */
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task, task);
    queue = result.catch(() => undefined);
    return result;
  };

  const partitionNames = async () => (await caches.keys()).filter((name) => name.startsWith(PARTITION_PREFIX));

  /** The one account with a cache; several would mean a change cut short: then none counts. */
  async function currentAccount(): Promise<string | null> {
    const names = await partitionNames();
    return names.length === 1 ? names[0]!.slice(PARTITION_PREFIX.length) : null;
  }

  return {
    current: () =>
      serially(async () => {
        const account = await currentAccount();
        return account === null ? null : caches.open(partitionName(account));
      }),

    seen: (account, requestedAt) =>
      serially(async () => {
        if (!ACCOUNT_PATTERN.test(account)) return null;
        const known = await currentAccount();
        if (known === account) return { cache: await caches.open(partitionName(account)), created: false };
        if (requestedAt < changedAt) return null;
        for (const name of await partitionNames()) await caches.delete(name);
        changedAt = now();
        return { cache: await caches.open(partitionName(account)), created: true };
      }),
  };
}
