import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { ADMIN_REQUIRED_MESSAGE } from "~/domain/account";
import type { AdminDenied } from "~/domain/admin";
import { type CurrentUser, getCurrentUser } from "./session.server";

// The admin role is checked on the server in every admin loader and action
// (the JSON API uses requireApiAdmin). Pages: nobody is sent to the login
// dialog on the home page, a signed-in non-admin gets a 403 page.

/** Where a page sends a visitor without a session: home, with the login dialog open. */
export const ADMIN_LOGIN_REDIRECT = "/?compte=login";

export async function requireAdminPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<CurrentUser> {
  const current = await getCurrentUser(context, request);
  if (!current) throw redirect(ADMIN_LOGIN_REDIRECT);
  if (current.user.role !== "admin") {
    throw data<AdminDenied>({ adminDenied: true, message: ADMIN_REQUIRED_MESSAGE }, { status: 403 });
  }
  return current;
}

/** Set when this request's action was refused: its page then renders without loading any admin data. */
const refusedActionContext = createContext<boolean>(false);

export type AdminActionAccess = { ok: true; current: CurrentUser } | { ok: false; status: 401 | 403 };

/**
 * For page actions: 401 without a session, 403 for a non-admin. The action
 * answers with the form's values and 'Session expirée ou accès refusé', so
 * an admin whose session ended in the middle of an edit loses nothing; the
 * page's loader, which runs in the same request without JavaScript, sees
 * adminActionRefused() and loads nothing.
 */
export async function checkAdminAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<AdminActionAccess> {
  const current = await getCurrentUser(context, request);
  if (current?.user.role === "admin") return { ok: true, current };
  (context as RouterContextProvider).set(refusedActionContext, true);
  return { ok: false, status: current ? 403 : 401 };
}

export function adminActionRefused(context: Readonly<RouterContextProvider>): boolean {
  return context.get(refusedActionContext);
}
