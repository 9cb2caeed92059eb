import { descriptionTeaser } from "~/domain/workout/description";
import styles from "./workout.module.css";

/**
 * An exercise's description: its beginning, and the whole text behind 'Lire
 * la suite'. A native disclosure (<details>): it opens without JavaScript
 * and costs the page no script. Open, the whole text stands in for the
 * beginning (where :has() is known; elsewhere both show).
 */
export function ExerciseDescription({
  text,
  labels,
  describedBy,
}: {
  text: string;
  labels: { more: string; less: string };
  /** The exercise's name: many cards have a 'Lire la suite', each says whose. */
  describedBy?: string;
}) {
  const teaser = descriptionTeaser(text);
  if (teaser === text) return <p className={styles.description}>{text}</p>;
  return (
    <div className={styles.descriptionBlock}>
      <p className={styles.description}>{teaser}</p>
      <details className={`disclosure ${styles.readMore}`}>
        <summary aria-describedby={describedBy}>
          <span className={styles.readMoreLabel}>{labels.more}</span>
          <span className={styles.readLessLabel}>{labels.less}</span>
        </summary>
        <p className={styles.description}>{text}</p>
      </details>
    </div>
  );
}
