import { availableParallelism } from "node:os";
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from "node:crypto";

// scrypt from node:crypto; parameters and salt are stored beside the hash so
// they can be raised later without breaking existing accounts.
const parameters = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 64;

/** libuv's thread pool: scrypt, compression and file reads all run there. */
const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;

/**
 * scrypt runs on libuv's small thread pool, which also compresses pages and
 * reads files: a burst of logins must not take all of it. At most
 * `concurrency` hashes run at once (no more than the cores, and two pool
 * threads always left for the rest); the others wait in line, and one that
 * cannot start within `maxWaitMs` (or finds `maxQueued` ahead of it) is
 * refused with HashingBusyError, which the routes answer 503 + Retry-After.
 */
export const HASHING_LIMITS = {
  concurrency: Math.max(1, Math.min(availableParallelism(), threadPoolSize - 2)),
  maxWaitMs: 3_000,
  maxQueued: 200,
  retryAfterSeconds: 5,
} as const;

export class HashingBusyError extends Error {
  readonly retryAfterSeconds = HASHING_LIMITS.retryAfterSeconds;
  constructor() {
    super("Too many password checks waiting");
    this.name = "HashingBusyError";
  }
}

/** A first-come, first-served line of limited width with a time limit per waiter. */
export class HashingQueue {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  private readonly limits: { concurrency: number; maxWaitMs: number; maxQueued: number };

  constructor(limits: { concurrency: number; maxWaitMs: number; maxQueued: number }) {
    this.limits = limits;
  }

  /** Runs work once a slot is free; rejects with HashingBusyError when none frees up in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  get queued(): number {
    return this.waiting.length;
  }

  private acquire(): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.maxQueued) return Promise.reject(new HashingBusyError());
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new HashingBusyError());
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot goes straight to the next in line: running stays the same.
    if (next) next.start();
    else this.running -= 1;
  }
}

const hashingQueue = new HashingQueue(HASHING_LIMITS);

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return hashingQueue.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters, keyLength);
  return `scrypt$${parameters.N}$${parameters.r}$${parameters.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const key = await derive(
    password,
    Buffer.from(saltText, "base64"),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Checked when no account matches, so a wrong identifier costs the same time
// as a wrong password and answers do not reveal who has an account.
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy-password-for-timing").catch((error: unknown) => {
    dummyHash = null; // a refused first hash (HashingBusyError) is tried again next time
    throw error;
  });
  await verifyPassword(password, await dummyHash);
  return false;
}
