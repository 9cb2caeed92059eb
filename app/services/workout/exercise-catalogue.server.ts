// The catalogue (public/data/exo/{kind}.json, also served as static files to
// JavaScript clients) is bundled into the server build, then validated and
// indexed once, when the server starts (once its database answers): no
// request ever reads or scans the files. A build without the files still
// starts, and the builder then says it cannot load the exercises.
import { type ExerciseCatalogue, loadCatalogue } from "~/domain/workout/catalogue-index";

export {
  type CatalogueProblem,
  coveredZones,
  type ExerciseCatalogue,
  loadCatalogue,
  type ZoneCoverage,
} from "~/domain/workout/catalogue-index";

// Stryker disable next-line all: Vite replaces import.meta.glob by reading its literal arguments
const files = import.meta.glob<unknown>("../../../public/data/exo/*.json", { eager: true, import: "default" });

function reportProblems(loaded: ExerciseCatalogue): ExerciseCatalogue {
  if (loaded.problems.length > 0) {
    console.warn(
      `Exercise catalogue: ${loaded.problems.length} problem(s), those entries are left out:\n` +
        loaded.problems
          .slice(0, 20)
          .map((p) => `  ${p.file}${p.index === null ? "" : `[${p.index}]`}: ${p.message}`)
          .join("\n"),
    );
  }
  return loaded;
}

let catalogue: ExerciseCatalogue | null = null;

/** The catalogue, validated and indexed once: the server asks for it when it starts (app/lifecycle.server.ts). */
export function exerciseCatalogue(): ExerciseCatalogue {
  catalogue ??= reportProblems(loadCatalogue(files));
  return catalogue;
}
