import type { NewRecord } from "~/domain/workout/personal-records";
import { recordValueText } from "~/lib/exercise-figures-text";
import { progressPath } from "~/lib/progress-path";
import type { SessionT } from "./set-logger";
import styles from "./session.module.css";

/**
 * The records a saved session beat, one line each ('Nouveau record :
 * Développé couché haltères, 1RM estimé 28,5 kg (+1,8 kg)') with a link to
 * the exercise's progress. Loaded with the summary that names them
 * (new-records-loader.ts): most finishes beat none.
 */
export default function NewRecords({
  records,
  t,
  language,
}: {
  records: readonly NewRecord[];
  t: SessionT;
  language: string;
}) {
  return (
    <ul className={styles.newRecords} aria-label={t("newRecord.listLabel")}>
      {records.map((record) => (
        <li key={`${record.exerciseId}-${record.kind}`} className={styles.newRecord}>
          <span>
            {t("newRecord.line", {
              name: record.name,
              record: t(`newRecord.kinds.${record.kind}`),
              value: recordValueText(t, language, record.kind, record.value),
              gain: t("figures.gain", {
                value: recordValueText(t, language, record.kind, record.value - record.previous),
              }),
            })}
          </span>{" "}
          <a href={progressPath(record.exerciseId)}>{t("lastTime.progress")}</a>
        </li>
      ))}
    </ul>
  );
}
