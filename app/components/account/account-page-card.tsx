import { AlertIcon, CheckCircleIcon, MailIcon } from "~/components/layout/icons";
import styles from "./account-page.module.css";

/** The single card of the e-mail verification and password reset pages. */
export function AccountPageCard({
  tone,
  title,
  children,
}: {
  /** The icon on top: a tick, a warning, or neutral (a letter). */
  tone: "success" | "error" | "neutral";
  title: string;
  children: React.ReactNode;
}) {
  const Icon = tone === "success" ? CheckCircleIcon : tone === "error" ? AlertIcon : MailIcon;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="account-page-title">
        <Icon className={`${styles.icon} ${styles[tone]}`} />
        <h1 id="account-page-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
