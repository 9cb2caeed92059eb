// When a mail fails to go out, try again later, further apart each time,
// then give up and mark it failed (it stays in the outbox for inspection).

export const MAIL_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;

/** Delay before the next try after `attempts` failed tries, or null when it is time to give up. */
export function nextRetryDelayMs(attempts: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  return MAIL_RETRY_DELAYS_MS[Math.max(0, attempts - 1)] ?? null;
}
