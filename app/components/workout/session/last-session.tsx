import { useTranslation } from "react-i18next";
import type { LastSessionView } from "~/services/workout/sessions.server";
import styles from "./session.module.css";

/** The date ("12 mars") and number formats, made once per language: making them cost more than the rest of the panel. */
const formatsByLanguage = new Map<string, { dayAndMonth: Intl.DateTimeFormat; number: Intl.NumberFormat }>();

function formatsFor(language: string) {
  let formats = formatsByLanguage.get(language);
  if (!formats) {
    formats = {
      dayAndMonth: new Intl.DateTimeFormat(language, { day: "numeric", month: "long" }),
      number: new Intl.NumberFormat(language),
    };
    formatsByLanguage.set(language, formats);
  }
  return formats;
}

/** In the user panel under the builder: the user's last session, its date, duration and calories. */
export function LastSession({ session, language }: { session: LastSessionView; language: string }) {
  const { t } = useTranslation("workout-session");
  const formats = formatsFor(language);
  const line = t("lastSession.line", {
    name: session.name || t("common:unnamedWorkout"),
    date: formats.dayAndMonth.format(new Date(session.startedAt)),
    minutes: session.durationMinutes,
    calories: formats.number.format(session.calories),
  });
  return (
    <p className={styles.lastSession}>
      <strong>{t("lastSession.title")}</strong>
      <span>{line}</span>
    </p>
  );
}
