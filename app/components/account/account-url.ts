import { type AccountView, accountViews } from "~/lib/account-types";

// The dialog lives in the address: `?compte=<view>` on any page opens it, and
// closing drops only that parameter, so path and the rest of the query stay.

export const accountSearchParam = "compte";
/** The account action every form of the dialog posts to. */
export const accountActionPath = "/compte";

/** The texts a view brings beyond the layout's (which hold the dialog's own): the history view is the dashboard. */
export function accountViewNamespaces(value: string | null | undefined): string[] {
  return parseAccountView(value) === "history" ? ["dashboard"] : [];
}

export function parseAccountView(value: string | null | undefined): AccountView | null {
  if (value === null || value === undefined) return null;
  // An unknown value still opens the dialog, on its first view.
  return (accountViews as readonly string[]).includes(value) ? (value as AccountView) : "login";
}

/** Splits "/path?query" with a fixed base, so only same-site paths come out. */
function parsePathAndQuery(pathAndQuery: string): URL {
  return new URL(pathAndQuery, "http://local.invalid");
}

/** "/outils?onglet=imc" + "login" -> "/outils?onglet=imc&compte=login". */
export function withAccountView(pathAndQuery: string, view: AccountView): string {
  const url = parsePathAndQuery(pathAndQuery);
  url.searchParams.set(accountSearchParam, view);
  return url.pathname + url.search;
}

/** "/outils?compte=login&onglet=imc" -> "/outils?onglet=imc". */
export function withoutAccountView(pathAndQuery: string): string {
  const url = parsePathAndQuery(pathAndQuery);
  url.searchParams.delete(accountSearchParam);
  return url.pathname + url.search;
}

/** Pages that open the login view for a visitor: once logged in, the visitor goes back to the page itself. */
const pagesBehindLogin = ["/mon-compte"];

/** Where a successful login leads: back to a page that asked for it, else the dialog's history view. */
export function afterLoginHref(closeHref: string): string {
  const { pathname } = parsePathAndQuery(closeHref);
  return pagesBehindLogin.includes(pathname) ? withoutAccountView(closeHref) : withAccountView(closeHref, "history");
}
