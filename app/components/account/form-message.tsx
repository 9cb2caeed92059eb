import { AlertIcon, CheckCircleIcon } from "~/components/layout/icons";
import styles from "./account.module.css";

// A form's own message and its busy sign, apart from the fields: the pages
// that only show a message (the dashboard, My account's sections) do not
// carry the fields' code.

/** A message about the whole form: an error (announced at once) or a neutral notice. */
export function FormMessage({ tone, children }: { tone: "error" | "success" | "info"; children: React.ReactNode }) {
  return (
    <div className={`form-alert form-alert-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {tone === "error" ? (
        <AlertIcon className={styles.messageIcon} />
      ) : (
        <CheckCircleIcon className={styles.messageIcon} />
      )}
      <div>{children}</div>
    </div>
  );
}

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
