// How long personal data is kept, as promised in the privacy policy. The
// hourly purge job (lifecycle.server.ts) deletes whatever is older.

/** Contact form messages: 12 months. */
export const CONTACT_MESSAGE_RETENTION_DAYS = 365;
/** Outbox mails once sent or failed for good: 90 days. */
export const FINISHED_MAIL_RETENTION_DAYS = 90;

const DAY_MS = 24 * 60 * 60_000;

/** The instant `days` whole days before now: data created (or finished) before it is due for deletion. */
export function retentionCutoff(days: number, now: Date): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError("days must be a non-negative integer");
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError("now must be a valid Date");
  return new Date(now.getTime() - days * DAY_MS);
}
