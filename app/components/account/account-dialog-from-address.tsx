import { useRouteLoaderData, useSearchParams } from "react-router";
import type { RootLoaderData } from "~/root";
import { AccountDialog } from "./account-dialog";
import { accountSearchParam, parseAccountView } from "./account-url";

/** Renders the account dialog on any page whose address has `?compte=<view>`. */
export function AccountDialogFromAddress() {
  const [searchParams] = useSearchParams();
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const view = parseAccountView(searchParams.get(accountSearchParam));
  if (!view) return null;
  return <AccountDialog view={view} user={rootData?.user ?? null} flash={rootData?.accountFlash ?? null} />;
}
