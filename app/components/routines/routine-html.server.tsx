import { renderToStaticMarkup } from "react-dom/server";
import type { RoutineExercise } from "~/domain/workout/routines";
import type { TFunction } from "~/i18n/translator";
import type { RoutineListItem } from "~/services/workout/routines.server";
import { RoutineList } from "./routine-list";
import { RoutineSaveForm } from "./routine-save-form";
import styles from "./routines.module.css";

// The routines' parts of the workout page, rendered here as HTML the page
// shows as it is: plain links and a plain form, so /exo (at the edge of its
// JavaScript budget) carries no script for them. The French texts carry
// their own no-break spaces.

/** 'Mes routines' above the builder's steps: the three most recent, and a link to all of them. */
export function routineShelfHtml(routines: readonly RoutineListItem[], t: TFunction, language: string): string {
  return renderToStaticMarkup(
    <section className={styles.shelf} aria-labelledby="routine-shelf-title">
      <h2 id="routine-shelf-title" className={styles.shelfTitle}>
        {t("routines.title")}
      </h2>
      <RoutineList routines={routines} t={t} language={language} shown={3} />
    </section>,
  );
}

/** 'Enregistrer comme routine' under the builder's list or the session's cards (a visitor's invitation to log in). */
export function routineSaveHtml(
  props: { exercises: readonly RoutineExercise[] | null; name: string; loginHref: string },
  t: TFunction,
): string {
  return renderToStaticMarkup(<RoutineSaveForm {...props} intro="fromPlan" t={t} />);
}
