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

/**
 * A first-come, first-served line of limited width with a time limit per
 * waiter. A waiter may bring its own deadline (a sign-in's whole budget);
 * and one whose expected wait (the hashes ahead of it, at the average time
 * a hash took lately) already passes its limit is refused at once, not
 * after waiting in vain.
 */
export class HashingQueue {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  private readonly limits: { concurrency: number; maxWaitMs: number; maxQueued: number };
  /** Moving average of how long one piece of work took (ms). */
  private averageRunMs: number;

  constructor(limits: { concurrency: number; maxWaitMs: number; maxQueued: number }, firstAverageRunMs = 100) {
    this.limits = limits;
    this.averageRunMs = firstAverageRunMs;
  }

  /**
   * Runs work once a slot is free; rejects with HashingBusyError when none
   * frees up in time (maxWaitMs, or sooner when `deadline`, a Date.now()
   * time, comes first).
   */
  async run<T>(work: () => Promise<T>, options: { deadline?: number } = {}): Promise<T> {
    const maxWaitMs = Math.min(this.limits.maxWaitMs, (options.deadline ?? Number.POSITIVE_INFINITY) - Date.now());
    await this.acquire(maxWaitMs);
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageRunMs = 0.8 * this.averageRunMs + 0.2 * (performance.now() - started);
      this.release();
    }
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** How long a newcomer would wait for a slot, from the work ahead of it. */
  expectedWaitMs(): number {
    if (this.running < this.limits.concurrency) return 0;
    return Math.ceil((this.waiting.length + 1) / this.limits.concurrency) * this.averageRunMs;
  }

  private acquire(maxWaitMs: number): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.maxQueued || this.expectedWaitMs() > maxWaitMs) {
      return Promise.reject(new HashingBusyError());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new HashingBusyError());
        }, maxWaitMs),
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

/** Options of a password check: `deadline` (a Date.now() time) by which it must have started, or be refused busy. */
export interface HashingOptions {
  deadline?: number;
}

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions,
  length: number,
  hashing: HashingOptions = {},
): Promise<Buffer> {
  return hashingQueue.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    hashing,
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters, keyLength);
  return `scrypt$${parameters.N}$${parameters.r}$${parameters.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string, hashing: HashingOptions = {}): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, "base64");
  const key = await derive(
    password,
    Buffer.from(saltText, "base64"),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
    hashing,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Checked when no account matches, so a wrong identifier costs the same time
 * as a wrong password and answers do not reveal who has an account. A fixed
 * value with the parameters and sizes of a real hash: no password opens it,
 * and no hash has to be made for it first (that made the first sign-ins of
 * a burst wait in line twice).
 */
const DUMMY_HASH = `scrypt$${parameters.N}$${parameters.r}$${parameters.p}$${Buffer.alloc(16, 0x5a).toString("base64")}$${Buffer.alloc(keyLength, 0xa5).toString("base64")}`;

export async function verifyAgainstDummy(password: string, hashing: HashingOptions = {}): Promise<false> {
  await verifyPassword(password, DUMMY_HASH, hashing);
  return false;
}
