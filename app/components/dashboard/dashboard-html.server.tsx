import { renderToStaticMarkup } from "react-dom/server";
import type { TFunction } from "~/i18n/translator";
import type { DashboardData, DashboardView } from "~/lib/dashboard-types";
import { BlockHeadingLevel } from "./block-heading";
import { MyExercisesContent } from "./my-exercises";
import { MyRoutinesContent } from "./my-routines";
import { StatsContent } from "./stats-panel";

// The statistics, 'Mes routines' and 'Mes exercices' are texts and plain
// links: the server renders them as HTML the dashboard shows as it is (like
// /exo's routine shelf), so the account dialog, at the edge of its
// JavaScript budget, carries no script for them. The French texts carry their own no-break spaces.

/** The dashboard's data with its blocks' HTML, headings at `headingLevel` (2 on /historique, 3 in the dialog). */
export function withBlocksHtml(
  data: DashboardData,
  t: TFunction,
  language: string,
  headingLevel: 2 | 3,
): DashboardView {
  const render = (content: React.ReactNode) =>
    renderToStaticMarkup(<BlockHeadingLevel value={headingLevel}>{content}</BlockHeadingLevel>);
  const { routines, exercises, ...shown } = data;
  return {
    ...shown,
    blocksHtml: {
      stats: data.summary ? render(<StatsContent summary={data.summary} t={t} language={language} />) : null,
      routines: data.errors.routines
        ? null
        : render(<MyRoutinesContent routines={routines} t={t} language={language} />),
      exercises: data.errors.exercises
        ? null
        : render(<MyExercisesContent exercises={exercises} t={t} language={language} />),
    },
  };
}
