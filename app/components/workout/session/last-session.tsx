import { useTranslation } from "react-i18next";
import type { LastSessionView } from "~/services/workout/sessions.server";
import styles from "./session.module.css";

/** In the user panel under the builder: the user's last session, its date, duration and calories. */
export function LastSession({ session, language }: { session: LastSessionView; language: string }) {
  const { t } = useTranslation("workout-session");
  const date = new Intl.DateTimeFormat(language, { day: "numeric", month: "long" }).format(new Date(session.startedAt));
  const line = t("lastSession.line", {
    name: session.name || t("common:unnamedWorkout"),
    date,
    minutes: session.durationMinutes,
    calories: new Intl.NumberFormat(language).format(session.calories),
  });
  return (
    <p className={styles.lastSession}>
      <strong>{t("lastSession.title")}</strong>
      <span>{line}</span>
    </p>
  );
}
