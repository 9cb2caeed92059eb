import { type AccountMessage, accountMessageText } from "~/domain/account";
import type { Failure } from "~/services/auth/accounts.server";
import { failureResponse } from "./http.server";

// The JSON API's side of the account use cases: they answer message keys,
// the API answers { message } with the French text (its contract).

/** A refusal as the API answers it: { message, ...extra }, with Retry-After when it says when. */
export function accountFailureResponse(failure: Failure, extra: Record<string, unknown> = {}): Response {
  return failureResponse({ ...failure, message: accountMessageText(failure.message) }, extra);
}

/** `{ message, ...extra }` in French. */
export function accountMessageResponse(
  message: AccountMessage,
  extra: Record<string, unknown> = {},
  init?: ResponseInit,
): Response {
  return Response.json({ ...extra, message: accountMessageText(message) }, init);
}
