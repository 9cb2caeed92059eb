import { CloseIcon } from "~/components/layout/icons";
import styles from "./toast.module.css";

export type ToastTone = "success" | "error" | "info";

export interface ToastMessage {
  id: number;
  tone: ToastTone;
  text: string;
}

/** A toast: its tone's mark, its text and the button that dismisses it. */
export function ToastContent({
  toast,
  onDismiss,
  dismissLabel,
}: {
  toast: ToastMessage;
  onDismiss: () => void;
  dismissLabel: string;
}) {
  return (
    <span className={`${styles.toast} ${styles[toast.tone]}`}>
      <ToneMark tone={toast.tone} />
      <span className={styles.text}>{toast.text}</span>
      <button
        type="button"
        className={styles.dismiss}
        onClick={onDismiss}
        aria-label={dismissLabel}
        title={dismissLabel}
      >
        <CloseIcon className={styles.dismissIcon} />
      </button>
    </span>
  );
}

/** The tone is also told by a shape, not only a colour: a tick, a cross or a dot. */
function ToneMark({ tone }: { tone: ToastTone }) {
  return (
    <svg className={styles.mark} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" className={styles.markBackground} />
      {tone === "success" ? <path d="M7 12.5l3.5 3.5L17 9" className={styles.markStroke} /> : null}
      {tone === "error" ? <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" className={styles.markStroke} /> : null}
      {tone === "info" ? <path d="M12 11v5M12 7.5v.5" className={styles.markStroke} /> : null}
    </svg>
  );
}
