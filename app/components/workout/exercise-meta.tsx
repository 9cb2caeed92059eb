import { useTranslation } from "react-i18next";
import type { ExerciseCard } from "~/services/workout/builder.server";
import styles from "./workout.module.css";

/** Under an exercise's name: its zones, its equipment and its level. */
export function ExerciseMeta({ exercise }: { exercise: ExerciseCard }) {
  const { t } = useTranslation("workout");
  const zones = exercise.muscles.map((zone) => t(`zones.${zone}`));
  const equipment = exercise.equipment.map((id) => t(`equipment.${id}`));
  return (
    <ul className={styles.meta}>
      {zones.length > 0 ? <li>{zones.join(", ")}</li> : null}
      <li>{equipment.join(", ")}</li>
      <li className={styles[`level${exercise.level}`]}>{t(`levels.${exercise.level}`)}</li>
    </ul>
  );
}
