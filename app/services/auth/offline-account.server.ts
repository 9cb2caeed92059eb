// The account an answer leaves this browser signed in as, for the service
// worker's caches (app/pwa/worker/account-partition.ts): it keeps each
// account's page copies apart and drops them when the account changes.
// The key is an HMAC of the user's id: stable for an account (its copies
// survive a new login), meaningless to anyone else, never the id itself.
import { createHmac } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { getServices } from "~/context.server";
import { ANONYMOUS_ACCOUNT, OFFLINE_ACCOUNT_HEADER } from "~/pwa/addresses";
import { browserAccountAfterAnswer } from "./session.server";

export function offlineAccountKey(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`offline-cache:${userId}`).digest("base64url").slice(0, 22);
}

/**
 * Headers for an answer of the app: the account (or `anonymous`), when the
 * request looked at the session. An answer that ends the session also asks
 * the browser to drop its HTTP cache of this site (`Clear-Site-Data`), so the
 * back button shows no page of the account that just left; the worker's own
 * caches follow the account header.
 */
export async function offlineCacheHeaders(context: Readonly<RouterContextProvider>): Promise<Record<string, string>> {
  const account = await browserAccountAfterAnswer(context);
  if (account === undefined) return {};
  if (account.userId === null) {
    return account.changed
      ? { [OFFLINE_ACCOUNT_HEADER]: ANONYMOUS_ACCOUNT, "Clear-Site-Data": '"cache"' }
      : { [OFFLINE_ACCOUNT_HEADER]: ANONYMOUS_ACCOUNT };
  }
  return { [OFFLINE_ACCOUNT_HEADER]: offlineAccountKey(getServices(context).config.sessionSecret, account.userId) };
}
