import { useEffect, useRef } from "react";
import { CloseIcon } from "~/components/layout/icons";
import styles from "./modal.module.css";

interface ModalProps {
  open: boolean;
  /** Called on every way out: the close button, Escape, a click on the backdrop. */
  onClose: () => void;
  /** Id of the heading inside, which names the dialog. */
  labelledBy: string;
  closeLabel: string;
  size?: "small" | "large";
  /**
   * Asked before any way out closes the dialog: true keeps it open (the
   * caller shows why, say a field to correct). Escape included, even when
   * the browser closes the dialog without asking: it opens again at once.
   */
  keepOpen?: () => boolean;
  children: React.ReactNode;
}

/**
 * The native <dialog>, opened modally: the browser traps focus inside, closes
 * on Escape and gives focus back to the opener. While open the page behind
 * does not scroll. Only rendered where JavaScript runs; pages render a
 * server-side equivalent (a <details>, a link to a full view) first.
 */
export function Modal({ open, onClose, labelledBy, closeLabel, size = "small", keepOpen, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) {
      if (element.open) element.close();
      return;
    }
    if (!element.open) element.showModal();
    return lockPageScroll();
  }, [open]);

  function requestClose() {
    if (!keepOpen?.()) onClose();
  }

  function closeOnBackdrop(event: React.MouseEvent<HTMLDialogElement>) {
    // A click on the dialog element itself (not its content) is on the backdrop.
    if (event.target === event.currentTarget) requestClose();
  }

  function closed(event: React.SyntheticEvent<HTMLDialogElement>) {
    if (open && keepOpen?.()) {
      event.currentTarget.showModal();
      // Showing it again moved the focus: back to what needs the user.
      keepOpen();
      return;
    }
    onClose();
  }

  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a backdrop click does what Escape does, which the native dialog handles for keyboards
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${size === "large" ? styles.large : ""}`}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        if (keepOpen?.()) event.preventDefault();
      }}
      onClose={closed}
      onClick={closeOnBackdrop}
    >
      <div className={styles.content}>
        {/* A zero-height sticky bar: the close button stays in reach while a long article scrolls. */}
        <div className={styles.closeBar}>
          <button
            type="button"
            className={`icon-button ${styles.close}`}
            onClick={requestClose}
            aria-label={closeLabel}
            title={closeLabel}
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** Stops the page behind a dialog from scrolling; returns the undo. */
export function lockPageScroll(): () => void {
  const root = document.documentElement;
  const previousOverflow = root.style.overflow;
  // Keep the layout from jumping when the scrollbar disappears.
  const scrollbarWidth = window.innerWidth - root.clientWidth;
  const previousPadding = root.style.paddingRight;
  root.style.overflow = "hidden";
  if (scrollbarWidth > 0) root.style.paddingRight = `${scrollbarWidth}px`;
  return () => {
    root.style.overflow = previousOverflow;
    root.style.paddingRight = previousPadding;
  };
}
