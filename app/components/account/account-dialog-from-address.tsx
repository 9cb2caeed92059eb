import { lazy, Suspense } from "react";
import { useRouteLoaderData, useSearchParams } from "react-router";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { accountSearchParam, parseAccountView } from "./account-url";
import { loadSignInViews } from "./sign-in-views-loader";

// The dialog's code is not on every page: the browser loads it the first
// time an address asks for it, and the visitors' views (log in, create,
// forgot) apart from it, so the history view does not carry their forms. The server
// has it from the start, so a page with ?compte= arrives complete, with
// JavaScript or without; hydration waits for the chunk meanwhile.
const serverDialog = import.meta.env.SSR ? await import("./account-dialog") : null;
const AccountDialog =
  serverDialog?.AccountDialog ??
  lazy(() => import("./account-dialog").then((module) => ({ default: module.AccountDialog })));

/** Fetches the dialog's code ahead of a click (the header's account icons call it on hover and focus). */
export function preloadAccountDialog(): void {
  void import("./account-dialog");
  void loadSignInViews();
}

/** Renders the account dialog on any page whose address has `?compte=<view>`. */
export function AccountDialogFromAddress() {
  const [searchParams] = useSearchParams();
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const view = parseAccountView(searchParams.get(accountSearchParam));
  if (!view) return null;
  // Both chunks at once rather than one after the other (the same promise
  // on every render: nothing loads twice).
  if (view !== "history") void loadSignInViews();
  return (
    <Suspense fallback={null}>
      <AccountDialog view={view} user={rootData?.user ?? null} flash={rootData?.accountFlash ?? null} />
    </Suspense>
  );
}
