// The builder's page on the server: the shared rules of builder-view.ts with
// the catalogue the server indexed at start.
import { type BuilderContext, type BuilderOutcome, builderRequest as builderPage } from "~/domain/workout/builder-view";
import { type ExerciseCatalogue, exerciseCatalogue } from "./exercise-catalogue.server";

export { type BuilderView, type ExerciseCard, FIRST_SUGGESTIONS, type ResultList } from "~/domain/workout/builder-view";

/**
 * One request to /exo: applies the button's action of a form sent without
 * JavaScript (then redirects to the resulting address), or describes the
 * page of the address.
 */
export function builderRequest(
  url: URL,
  context: Omit<BuilderContext, "catalogue"> & { catalogue?: ExerciseCatalogue },
): BuilderOutcome {
  return builderPage(url, { ...context, catalogue: context.catalogue ?? exerciseCatalogue() });
}
