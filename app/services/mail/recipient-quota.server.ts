import { RECIPIENT_MAIL_LIMIT, type RecipientCappedMailKind } from "~/domain/account";
import type { Store } from "~/store/types";

// A cap per inbox on the mails anyone can make the app send to an address
// they do not own (RECIPIENT_MAIL_LIMIT): counted in the store, so every app
// process shares it. Past the cap the mail is skipped in silence: the caller
// answers as it always does, so the requester learns nothing new, and the
// inbox is not flooded however many client addresses ask.

/** Counts one mail of that kind to that recipient; false when the recipient had their share this hour. */
export async function mayMailRecipient(
  store: Store,
  kind: RecipientCappedMailKind,
  recipient: string,
): Promise<boolean> {
  const limiter = store.rateLimiter({
    keyPrefix: `mail-to-${kind}`,
    points: RECIPIENT_MAIL_LIMIT.perKind,
    durationSeconds: RECIPIENT_MAIL_LIMIT.windowSeconds,
  });
  const state = await limiter.consume(recipient.trim().toLowerCase());
  return state.allowed;
}
