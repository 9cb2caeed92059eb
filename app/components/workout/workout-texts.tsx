import type { TFunction } from "i18next";
import { createContext, useContext } from "react";

// The workout page's translation function, read once by the page and shared
// with its parts: each useTranslation() call costs the server a copy of the
// i18next instance, which this page would otherwise pay a dozen times per
// request.

export type WorkoutT = TFunction<"workout">;

const WorkoutTextsContext = createContext<WorkoutT | null>(null);

export function WorkoutTextsProvider({ t, children }: { t: WorkoutT; children: React.ReactNode }) {
  return <WorkoutTextsContext value={t}>{children}</WorkoutTextsContext>;
}

/** The workout namespace's t, from the page that renders this part. */
export function useWorkoutT(): WorkoutT {
  const t = useContext(WorkoutTextsContext);
  if (!t) throw new Error("useWorkoutT() is for the parts of the workout page (WorkoutTextsProvider).");
  return t;
}
