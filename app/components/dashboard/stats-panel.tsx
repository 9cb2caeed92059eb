import type { TFunction } from "~/i18n/translator";
import type { HistorySummary } from "~/domain/stats/summary";
import { formatDate } from "~/lib/date-format";
import { formatMeasure, formatNumber, formatSignedMeasure } from "~/lib/number-format";
import { DASHBOARD_BLOCK_TITLE_IDS } from "~/lib/dashboard-types";
import { BlockHeading } from "./block-heading";
import styles from "./dashboard.module.css";

/** A statistic: its label, its value (null: "Aucune donnée"), and "wraps" for a text value that may take two lines. */
type Row = [label: string, value: string | null, wraps?: "wraps"];

/**
 * The statistics on workouts and body metrics; a figure nobody has yet says
 * 'Aucune donnée'. The inside of its block, rendered by the server only
 * (dashboard-html.server.tsx); `t` is the dashboard namespace's.
 */
export function StatsContent({ summary, t, language }: { summary: HistorySummary; t: TFunction; language: string }) {
  const number = (value: number | null) => (value === null ? null : formatNumber(language, value));
  const measure = (value: number | null) => (value === null ? null : formatMeasure(language, value));
  const unit = (key: "kg" | "kcal" | "min", value: string | null) =>
    value === null ? null : t(`units.${key}`, { value });
  const last = summary.lastSession;
  // A workout saved without a name is named here, in the page's language.
  const lastName = last?.name || t("common:unnamedWorkout");

  const groups: { title: string; rows: Row[] }[] = [
    {
      title: t("stats.body"),
      rows: [
        [t("stats.imc"), measure(summary.imc)],
        [t("stats.lastWeight"), unit("kg", measure(summary.lastWeight))],
        [t("stats.initialWeight"), unit("kg", measure(summary.initialWeight))],
        [t("stats.latestWeight"), unit("kg", measure(summary.latestWeight))],
        [
          t("stats.weightChange"),
          summary.weightChange === null
            ? null
            : t("units.kg", { value: formatSignedMeasure(language, summary.weightChange) }),
        ],
        [t("stats.calories"), unit("kcal", number(summary.calories))],
      ],
    },
    {
      title: t("stats.workouts"),
      rows: [
        [
          t("stats.lastSession"),
          last ? (last.date ? `${lastName} · ${formatDate(language, last.date)}` : lastName) : null,
          "wraps",
        ],
        [t("stats.lastWorkoutDuration"), unit("min", number(summary.lastWorkoutDuration))],
        [t("stats.lastCaloriesBurned"), unit("kcal", number(summary.lastCaloriesBurned))],
        [
          t("stats.lastExercises"),
          summary.lastCompletedExercises !== null && summary.lastPlannedExercises
            ? t("units.ratio", {
                done: number(summary.lastCompletedExercises),
                total: number(summary.lastPlannedExercises),
              })
            : null,
        ],
        [t("stats.totalSessions"), number(summary.totalSessions)],
        [t("stats.streakDays"), t("units.days", { count: summary.streakDays, value: number(summary.streakDays) })],
        [
          t("stats.favoriteMuscleGroup"),
          summary.favoriteMuscleGroup ? t(`groups.${summary.favoriteMuscleGroup}`) : null,
        ],
        [t("stats.avgWorkoutDurationMin"), unit("min", number(summary.avgWorkoutDurationMin))],
        [t("stats.avgCaloriesPerWorkout"), unit("kcal", number(summary.avgCaloriesPerWorkout))],
      ],
    },
    {
      title: t("stats.recent"),
      rows: [
        [t("stats.workoutsCount7d"), number(summary.workoutsCount7d)],
        [t("stats.calories7d"), unit("kcal", number(summary.calories7d))],
        [t("stats.avgDailyCalories7d"), unit("kcal", number(summary.avgDailyCalories7d))],
        [t("stats.avgCaloriesPerWorkout7d"), unit("kcal", number(summary.avgCaloriesPerWorkout7d))],
        [t("stats.caloriesBurnedWeek"), unit("kcal", number(summary.caloriesBurnedWeek))],
      ],
    },
  ];

  return (
    <>
      <BlockHeading id={DASHBOARD_BLOCK_TITLE_IDS.stats} className={styles.blockTitle}>
        {t("stats.title")}
      </BlockHeading>
      <div className={styles.stats}>
        {groups.map((group) => (
          <div key={group.title} className={styles.statGroup}>
            <BlockHeading sub className={styles.statGroupTitle}>
              {group.title}
            </BlockHeading>
            <dl>
              {group.rows.map(([label, value, wraps]) => (
                <div key={label} className={styles.stat}>
                  <dt>{label}</dt>
                  <dd
                    className={
                      [value === null ? styles.missing : "", wraps ? styles.textValue : ""].filter(Boolean).join(" ") ||
                      undefined
                    }
                  >
                    {value ?? t("noData")}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </>
  );
}
