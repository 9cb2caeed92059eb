import { createHmac, timingSafeEqual } from "node:crypto";

// The newsletters' unsubscribe links carry `<subscriber id>.<signature>`: an
// HMAC of the id with the server's secret. Nothing of it is stored, so a copy
// of the database cannot end anyone's subscription, and every newsletter mail
// can carry the link again. (Links of an earlier version carried a random
// token, kept only as its sha256 hex: see unsubscribeWithToken.)

const PURPOSE = "newsletter-unsubscribe:";
const SIGNED_TOKEN = /^([0-9a-f]{24})\.([\w-]{43})$/;

function signature(secret: string, subscriberId: string): string {
  return createHmac("sha256", secret)
    .update(PURPOSE + subscriberId)
    .digest("base64url");
}

export function unsubscribeTokenFor(secret: string, subscriberId: string): string {
  return `${subscriberId}.${signature(secret, subscriberId)}`;
}

/** The subscriber a signed token names, or null when it is not one of ours (a legacy token included). */
export function subscriberIdOfToken(secret: string, token: string): string | null {
  const match = SIGNED_TOKEN.exec(token);
  if (!match) return null;
  const [, subscriberId = "", given = ""] = match;
  const expected = Buffer.from(signature(secret, subscriberId));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? subscriberId : null;
}
