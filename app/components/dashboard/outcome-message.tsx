import { useTranslation } from "react-i18next";
import type { DashboardOutcome } from "~/lib/dashboard-types";
import styles from "./dashboard.module.css";

/** The outcome of a dashboard form, announced politely (success) or at once (error). */
export function OutcomeMessage({ outcome }: { outcome: DashboardOutcome | null }) {
  const { t } = useTranslation("dashboard");
  return (
    <p
      className={`${styles.message} ${outcome?.ok ? styles.messageSuccess : styles.messageError}`}
      role={outcome && !outcome.ok ? "alert" : "status"}
    >
      {outcome ? t(`messages.${outcome.code}`) : null}
    </p>
  );
}
