import type { TFunction } from "i18next";
import type { RouterContextProvider } from "react-router";
import { fillMessage, type MyAccountMessage } from "~/domain/my-account";
import { ApiError } from "~/lib/http.server";
import { getInstance } from "~/middleware/i18next.server";
import { type CurrentUser, getCurrentUser } from "~/services/auth/session.server";
import type { ExportFile } from "~/services/account-export.server";
import type { Done, Refused } from "~/services/my-account.server";

// The answers of My account's page actions and /api/me routes, in the
// request's language (?lng=, the language cookie, then Accept-Language).

export function translateMyAccountMessage(t: TFunction, message: MyAccountMessage): string {
  return t(`messages.${message.key}`, { ns: "my-account", defaultValue: fillMessage(message), ...message.values });
}

export function myAccountT(context: Readonly<RouterContextProvider>): TFunction {
  return getInstance(context).t;
}

/** A use case's answer as JSON: { message } (and the field it is about), with its status and Retry-After. */
export function myAccountJson(
  context: Readonly<RouterContextProvider>,
  outcome: Done | Refused,
  init: { status?: number; headers?: HeadersInit; extra?: Record<string, unknown> } = {},
): Response {
  const message = translateMyAccountMessage(myAccountT(context), outcome.message);
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  if (!outcome.ok && outcome.retryAfterSeconds) headers.set("Retry-After", String(outcome.retryAfterSeconds));
  const body = outcome.ok
    ? { success: true, message, ...init.extra }
    : { message, ...(outcome.field ? { field: outcome.field } : {}) };
  return Response.json(body, { status: outcome.ok ? (init.status ?? 200) : outcome.status, headers });
}

/** A downloaded file: never cached, always saved rather than shown. */
export function exportFileResponse(file: ExportFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      // The pseudo's characters (letters, digits, . _ -) need no quoting rules beyond the quotes.
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The caller of an /api/me route (bearer token or session cookie); a translated 401 otherwise. */
export async function requireMyAccountCaller(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<CurrentUser> {
  const current = await getCurrentUser(context, request);
  if (!current) throw new ApiError(401, myAccountT(context)("messages.notSignedIn", { ns: "my-account" }));
  return current;
}

/** The translated "Requête invalide." that a body of the wrong shape gets. */
export function invalidRequestText(context: Readonly<RouterContextProvider>): string {
  return myAccountT(context)("messages.invalidRequest", { ns: "my-account" });
}
