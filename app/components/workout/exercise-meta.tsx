import type { ExerciseCard } from "~/services/workout/builder.server";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

/** Labels of zones, equipment and levels: each translated once per list, however many exercises use it. */
export type MetaLabels = Readonly<Record<string, string>>;

const labelKeys = (exercise: ExerciseCard) => [
  ...exercise.muscles.map((zone) => `zones.${zone}`),
  ...exercise.equipment.map((id) => `equipment.${id}`),
  `levels.${exercise.level}`,
];

/** The labels the given exercises need. */
export function useMetaLabels(exercises: readonly (ExerciseCard | undefined)[]): MetaLabels {
  const t = useWorkoutT();
  const keys = [...new Set(exercises.flatMap((exercise) => (exercise ? labelKeys(exercise) : [])))];
  return Object.fromEntries(keys.map((key) => [key, t(key)]));
}

/** Under an exercise's name: its zones, its equipment and its level, on one line. */
export function ExerciseMeta({ exercise, labels }: { exercise: ExerciseCard; labels: MetaLabels }) {
  const zones = exercise.muscles.map((zone) => labels[`zones.${zone}`]).join(", ");
  const equipment = exercise.equipment.map((id) => labels[`equipment.${id}`]).join(", ");
  return (
    <span className={styles.meta}>
      {zones ? `${zones} · ` : ""}
      {equipment} · <span className={styles[`level${exercise.level}`]}>{labels[`levels.${exercise.level}`]}</span>
    </span>
  );
}
