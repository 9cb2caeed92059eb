import { type RefObject, use, useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { CloseIcon } from "~/components/layout/icons";
import { lockPageScroll } from "~/components/ui/modal";
import { ToastRegion, useToast } from "~/components/ui/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { type AccountDialogApi, AccountDialogContext, accountDialogTitleId } from "./account-dialog-context";
import type { AccountFlash, AccountUser, AccountView } from "~/lib/account-types";
import { withAccountView, withoutAccountView } from "./account-url";
import styles from "./account.module.css";
import { CloseLink } from "./close-link";
import { HistoryView } from "./history-view";
import { loadSignInViews } from "./sign-in-views-loader";

/**
 * The account popup, rendered by the root whenever the address has
 * `?compte=<view>`. Without JavaScript it is an open <dialog> over a backdrop
 * link, its forms post to /compte and the close controls are links that drop
 * the parameter. Once hydrated it becomes a modal <dialog>: focus inside,
 * Escape and the backdrop close it, the page behind does not scroll, and
 * closing rewrites the address without `compte` (path and the rest of the
 * query unchanged); the browser gives focus back to the opener.
 */
export function AccountDialog({
  view,
  user,
  flash,
}: {
  view: AccountView;
  user: AccountUser | null;
  flash: AccountFlash | null;
}) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const { toast, show: notify, dismiss } = useToast();

  const closeHref = withoutAccountView(location.pathname + location.search);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!hydrated || !dialog) return;
    // The server rendered it open but not modal (the `open` attribute is
    // dropped on hydration): make it modal now.
    if (!dialog.open) dialog.showModal();
    focusViewStart(dialog);
    return lockPageScroll();
  }, [hydrated]);

  const requestClose = useCallback(() => {
    const dialog = dialogRef.current;
    // close() fires the close event, which updates the address (handleClosed).
    if (dialog?.open) dialog.close();
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [closeHref, navigate]);

  // The browser gives focus back to the opener when the dialog closes; when
  // the opener is gone (logging in swaps the header's login icon for the
  // account ones), focus would fall to the page itself, or stay in the
  // dialog until React removes it: the header's account control takes it.
  const closing = useRef(false);
  useEffect(
    () => () => {
      if (closing.current) setTimeout(focusAccountControlIfLost, 0);
    },
    [],
  );

  function handleClosed() {
    closing.current = true;
    navigate(closeHref, { replace: true, preventScrollReset: true });
    requestAnimationFrame(focusAccountControlIfLost);
  }

  const api = useMemo<AccountDialogApi>(
    () => ({
      closeHref,
      hrefFor: (target) => withAccountView(closeHref, target),
      requestClose,
      notify,
      flash: flash?.view === view ? flash : null,
      hydrated,
    }),
    [closeHref, requestClose, notify, flash, view, hydrated],
  );

  return (
    <AccountDialogContext.Provider value={api}>
      {hydrated ? null : (
        // Without JavaScript a click beside the panel closes it too.
        <a className={styles.staticBackdrop} href={closeHref} tabIndex={-1} aria-hidden="true" />
      )}
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a backdrop click does what Escape does, which the native dialog handles for keyboards */}
      <dialog
        ref={dialogRef}
        open={!hydrated}
        className={`${styles.dialog} ${view === "history" ? styles.wideDialog : ""}`}
        aria-labelledby={accountDialogTitleId}
        onClose={handleClosed}
        onPointerDown={(event) => {
          pressStartedOnBackdrop.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          // The panel fills the dialog box, so a click on the dialog itself is on the backdrop.
          if (event.target === event.currentTarget && pressStartedOnBackdrop.current) event.currentTarget.close();
        }}
      >
        <div className={styles.panel}>
          <CloseLink className={`icon-button ${styles.closeCorner}`} label={t("dialog.closeWindow")}>
            <CloseIcon />
          </CloseLink>
          {view === "history" ? <HistoryView user={user} /> : <SignInView view={view} />}
          <FocusViewWhenShown key={view} dialog={dialogRef} />
        </div>
        <ToastRegion toast={toast} onDismiss={dismiss} dismissLabel={t("toast.dismiss")} />
      </dialog>
    </AccountDialogContext.Provider>
  );
}

/** Log in, create an account or forgot password: their code loads on demand (sign-in-views-loader.ts). */
function SignInView({ view }: { view: Exclude<AccountView, "history"> }) {
  const { LoginView, SignupView, ForgotView } = use(loadSignInViews());
  if (view === "login") return <LoginView />;
  if (view === "create") return <SignupView />;
  return <ForgotView />;
}

function focusAccountControlIfLost() {
  const focused = document.activeElement;
  if (focused && focused !== document.body && focused.isConnected && !focused.closest("dialog:not([open])")) return;
  document.querySelector<HTMLElement>("[data-account-control]")?.focus();
}

/** Focuses the view's first field (or its heading). */
function focusViewStart(dialog: HTMLDialogElement) {
  const preferred =
    dialog.querySelector<HTMLElement>("[data-autofocus]") ??
    dialog.querySelector<HTMLElement>(`#${accountDialogTitleId}`);
  preferred?.focus();
}

/**
 * Rendered after the view and keyed by it: when a view replaces another in
 * the open dialog, its start takes the focus. (Opening the dialog focuses it
 * too, once the dialog is modal.)
 */
function FocusViewWhenShown({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  useEffect(() => {
    const element = dialog.current;
    if (element?.matches(":modal")) focusViewStart(element);
  }, [dialog]);
  return null;
}
