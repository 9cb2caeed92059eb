import { createContext, useContext, useEffect, useRef } from "react";
import type { ToastTone } from "~/components/ui/toast";
import type { AccountFlash, AccountView } from "~/lib/account-types";

/** Names the dialog: the id of the current view's heading. */
export const accountDialogTitleId = "account-dialog-title";

/** What every view of the account dialog needs from the dialog around it. */
export interface AccountDialogApi {
  /** The current address without `?compte=`: where closing leads, and the forms' `redirectTo`. */
  closeHref: string;
  /** The address of another view of the dialog. */
  hrefFor: (view: AccountView) => string;
  /** Closes the dialog (with JavaScript; without, the close controls are plain links). */
  requestClose: () => void;
  /** Shows a toast (already translated text). */
  notify: (tone: ToastTone, text: string) => void;
  /** The outcome of the last form sent without JavaScript, when it belongs to this view. */
  flash: AccountFlash | null;
  hydrated: boolean;
}

export const AccountDialogContext = createContext<AccountDialogApi | null>(null);

export function useAccountDialog(): AccountDialogApi {
  const api = useContext(AccountDialogContext);
  if (!api) throw new Error("useAccountDialog() is only available inside <AccountDialog>.");
  return api;
}

/**
 * For a panel that replaces another inside the same view (loading, success):
 * the control it returns goes to this element, so focus never falls back to
 * the page when the focused button disappears.
 */
export function useFocusWhenShown<Element extends HTMLElement>() {
  const element = useRef<Element>(null);
  useEffect(() => {
    if (element.current?.closest("dialog")?.open) element.current.focus();
  }, []);
  return element;
}
