import { RoutineSaveForm } from "~/components/routines/routine-save-form";
import { routineExercisesOfSession } from "~/domain/workout/routines";
import type { SessionResult } from "~/domain/workout/session-payload";
import type { SessionT } from "./set-logger";

/** A finished session as a routine: its exercises in order, its saved sets as the targets. */
export default function SummaryRoutineSave({ result, t }: { result: SessionResult; t: SessionT }) {
  return (
    <RoutineSaveForm
      exercises={routineExercisesOfSession(result.planned, result.entries)}
      name={result.name}
      intro="fromSummary"
      loginHref=""
      t={t}
    />
  );
}
