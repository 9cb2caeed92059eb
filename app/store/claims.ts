import { randomBytes } from "node:crypto";

/**
 * How long a claim on an outbox mail holds. A sender that has neither
 * finished nor released the mail by then is taken for dead (a crash, a
 * killed container) and another process may claim the mail. It has to be
 * far longer than one send (SMTP gives up within about 30 s), since a mail
 * whose slow sender is overtaken can go out twice.
 */
export const OUTBOX_CLAIM_LEASE_MS = 10 * 60_000;

/** Random and never reused, so a lapsed claim can never pass for the one that replaced it. */
export function newClaimToken(): string {
  return randomBytes(16).toString("hex");
}

/** Claims taken at or before this instant have lapsed at now. */
export function leaseCutoff(now: Date): Date {
  return new Date(now.getTime() - OUTBOX_CLAIM_LEASE_MS);
}
