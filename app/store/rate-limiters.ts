import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimiter, RateLimitOptions } from "./types.ts";

// rate-limiter-flexible does the counting in both adapters (memory for
// SQLite, its MongoDB limiter for MongoDB); this gives its limiters the
// port's shape: a refusal is an answer ({ allowed: false }), not a throw.

function checkedOptions(options: RateLimitOptions): RateLimitOptions {
  const { keyPrefix, points, durationSeconds } = options;
  if (!/^[\w.-]{1,64}$/.test(keyPrefix)) throw new TypeError(`Invalid rate limit prefix: ${keyPrefix}`);
  if (!Number.isInteger(points) || points < 1) throw new TypeError(`Invalid rate limit points: ${points}`);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 1) {
    throw new TypeError(`Invalid rate limit duration: ${durationSeconds}`);
  }
  return { keyPrefix, points, durationSeconds };
}

function requireKey(key: unknown): string {
  if (typeof key !== "string" || key === "") throw new TypeError("A rate limit key is a non-empty string.");
  return key;
}

function portLimiter(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async consume(key, points = 1) {
      try {
        const state = await limiter.consume(requireKey(key), points);
        return { allowed: true, consumedPoints: state.consumedPoints, msBeforeNext: state.msBeforeNext };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, consumedPoints: refusal.consumedPoints, msBeforeNext: refusal.msBeforeNext };
      }
    },
    async get(key) {
      const state = await limiter.get(requireKey(key));
      return state ? { consumedPoints: state.consumedPoints, msBeforeNext: state.msBeforeNext } : null;
    },
    async reward(key, points = 1) {
      await limiter.reward(requireKey(key), points);
    },
    async delete(key) {
      await limiter.delete(requireKey(key));
    },
  };
}

/**
 * One limiter per prefix for the life of a store: every caller of a prefix
 * shares its counts. Asking for a known prefix with other options is a bug.
 */
export function rateLimiterRegistry(
  create: (options: RateLimitOptions) => RateLimiterAbstract,
): (options: RateLimitOptions) => RateLimiter {
  const limiters = new Map<string, { options: RateLimitOptions; limiter: RateLimiter }>();
  return (requested) => {
    const options = checkedOptions(requested);
    const known = limiters.get(options.keyPrefix);
    if (known) {
      if (known.options.points !== options.points || known.options.durationSeconds !== options.durationSeconds) {
        throw new Error(`Rate limit ${options.keyPrefix} already exists with other options.`);
      }
      return known.limiter;
    }
    const limiter = portLimiter(create(options));
    limiters.set(options.keyPrefix, { options, limiter });
    return limiter;
  };
}
