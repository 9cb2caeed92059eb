import { FormMessage } from "~/components/account/form-message";
import styles from "./my-account.module.css";
import type { MyAccountSection } from "./my-account-types";

/** One card of the page, named by its heading; `tone` marks the deletion card. */
export function Section({
  id,
  title,
  tone,
  children,
}: {
  id: MyAccountSection | "profile" | "photo";
  title: string;
  tone?: "danger";
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      className={`${styles.card} ${tone === "danger" ? styles.danger : ""}`}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A form's outcome under its heading: an error is announced at once, a success politely. */
export function Outcome({ outcome }: { outcome: { ok: boolean; message: string } | null }) {
  if (!outcome) return null;
  return (
    <FormMessage tone={outcome.ok ? "success" : "error"}>
      <p>{outcome.message}</p>
    </FormMessage>
  );
}

/** The hidden fields every form of the page sends to the page's action. */
export function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}
