import { useMemo } from "react";
import { EQUIPMENT_IDS, EXERCISE_LEVELS, MUSCLE_ZONES } from "~/domain/workout/catalogue-ids";
import type { ExerciseCard } from "~/services/workout/builder.server";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

/** Labels of zones, equipment and levels, by translation key ("zones.biceps"). */
export type MetaLabels = Readonly<Record<string, string>>;

const LABEL_KEYS = [
  ...MUSCLE_ZONES.map((zone) => `zones.${zone}`),
  ...EQUIPMENT_IDS.map((id) => `equipment.${id}`),
  ...EXERCISE_LEVELS.map((level) => `levels.${level}`),
];

/** The labels every exercise line uses, read once per list rather than once per exercise. */
export function useMetaLabels(): MetaLabels {
  const t = useWorkoutT();
  return useMemo(() => Object.fromEntries(LABEL_KEYS.map((key) => [key, t(key)])), [t]);
}

/** Under an exercise's name: its zones, its equipment and its level, on one line. */
export function ExerciseMeta({
  exercise,
  labels,
  className,
}: {
  exercise: ExerciseCard;
  labels: MetaLabels;
  className?: string;
}) {
  const zones = exercise.muscles.map((zone) => labels[`zones.${zone}`]).join(", ");
  const equipment = exercise.equipment.map((id) => labels[`equipment.${id}`]).join(", ");
  return (
    <span className={className ? `${styles.meta} ${className}` : styles.meta}>
      {zones ? `${zones} · ` : ""}
      {equipment} · <span className={styles[`level${exercise.level}`]}>{labels[`levels.${exercise.level}`]}</span>
    </span>
  );
}
