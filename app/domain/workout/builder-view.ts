// The builder's page for one address (/exo?…): the state it describes, made
// coherent, and the lists it shows. Pure, given the catalogue: the server
// answers with it (app/services/workout/builder.server.ts), and so does the
// browser when the network is gone (app/components/workout/offline-exo-page.ts).
import { ACTIVITY_KINDS, type EquipmentGaps, type EquipmentRefusal } from "~/domain/workout/activities";
import {
  applyBuilderAction,
  type BuilderState,
  type ExerciseLookup,
  normalizeBuilderState,
} from "~/domain/workout/builder-state";
import { BUILDER_PARAMS, builderHref, parseBuilderAction, parseBuilderParams } from "~/domain/workout/builder-url";
import {
  type EquipmentId,
  type ExerciseKind,
  type ExerciseLevel,
  MUSCLE_ZONES,
  type MuscleZone,
} from "~/domain/workout/catalogue-ids";
import { type Exercise } from "~/domain/workout/catalogue";
import {
  type CatalogueLanguage,
  type ExerciseQuery,
  localizedName,
  MAX_RESULTS,
  queryExercises,
} from "~/domain/workout/suggestions";
import { RANDOM_TEXT_COUNTS } from "~/domain/workout/random-texts";
import { randomIndex } from "~/domain/workout/tips";
import { coveredZones, type ExerciseCatalogue } from "~/domain/workout/catalogue-index";

/** What the page shows of an exercise, in the page's language. */
export interface ExerciseCard {
  id: string;
  name: string;
  description: string;
  type: ExerciseKind[];
  muscles: MuscleZone[];
  equipment: EquipmentId[];
  level: ExerciseLevel;
}

export interface ResultList {
  ids: string[];
  /** How many matched before the limit of 24. */
  total: number;
}

/** The proposed list shows this many suggestions first; 'Voir plus' shows them all (24 at most). */
export const FIRST_SUGGESTIONS = 8;

export interface BuilderView {
  /** The state of the address, made coherent (forced choices, known exercises, step within reach). */
  state: BuilderState;
  catalogue: ExerciseCatalogue["status"];
  defaultSessionName: string;
  /** Zones the muscle step offers: those with exercises for the activity and equipment, plus the chosen ones. */
  muscleOptions: MuscleZone[];
  /** Equipment that gives no exercise for an activity: shown unavailable, refused when picked. */
  equipmentGaps: EquipmentGaps;
  /** Every exercise the page shows or refers to (chosen, suggested, found, ticked). */
  exercises: Record<string, ExerciseCard>;
  /** The proposed list's suggestions (step 3 of the builder). */
  suggestions: ResultList | null;
  /** The search mode's results. */
  searchResults: ResultList | null;
  /** Equipment refused by a form sent without JavaScript. */
  refusal: EquipmentRefusal | null;
  /** A form sent without JavaScript asked to add nothing. */
  nothingTicked: boolean;
  /** Random picks, made once per page: greeting, one prompt per choice step, the first tip. */
  picks: { greeting: number; prompts: [number, number, number]; tip: number };
}

export type BuilderOutcome = { redirect: string } | { view: BuilderView };

export interface BuilderContext {
  language: CatalogueLanguage;
  defaultSessionName: string;
  now: Date;
  random?: () => number;
  catalogue: ExerciseCatalogue;
}

function card(exercise: Exercise, language: CatalogueLanguage): ExerciseCard {
  return {
    id: exercise.id,
    name: localizedName(exercise, language),
    // The whole text: cards show its beginning and the rest behind 'Lire la suite'.
    description: exercise.description[language],
    type: exercise.type,
    muscles: exercise.muscles,
    equipment: exercise.equipment,
    level: exercise.level,
  };
}

function refinementsOf(
  state: BuilderState,
): Pick<ExerciseQuery, "minLevel" | "maxLevel" | "includeTags" | "excludeTags"> {
  const { minLevel, maxLevel, includeTags, excludeTags } = state.refinements;
  return {
    minLevel: minLevel ?? undefined,
    maxLevel: maxLevel ?? undefined,
    includeTags,
    excludeTags,
  };
}

/** The address of a state, the default session name left out (it follows the date and the language). */
function canonicalHref(state: BuilderState, defaultSessionName: string): string {
  return builderHref(state.sessionName === defaultSessionName ? { ...state, sessionName: "" } : state);
}

/**
 * One request to /exo: applies the button's action of a form sent without
 * JavaScript (then redirects to the resulting address), or describes the
 * page of the address.
 */
export function builderRequest(url: URL, context: BuilderContext): BuilderOutcome {
  const { catalogue } = context;
  const lookup: ExerciseLookup = (id) => catalogue.index.byId.get(id)?.exercise;
  let state = normalizeBuilderState(parseBuilderParams(url.searchParams), lookup);
  if (state.sessionName === context.defaultSessionName) state = { ...state, sessionName: "" };

  let refusal: EquipmentRefusal | null = null;
  let nothingTicked = false;
  if (url.searchParams.has(BUILDER_PARAMS.action)) {
    const action = parseBuilderAction(url.searchParams.get(BUILDER_PARAMS.action));
    if (action?.kind === "confirm-search" && state.search.ticked.length === 0) {
      nothingTicked = true;
    } else {
      const outcome = action
        ? applyBuilderAction(state, action, lookup, catalogue.equipmentGaps)
        : { state, refusal: null };
      if (!outcome.refusal) return { redirect: canonicalHref(outcome.state, context.defaultSessionName) };
      refusal = outcome.refusal;
    }
  }
  return { view: describe(state, catalogue, context, { refusal, nothingTicked }) };
}

function describe(
  state: BuilderState,
  catalogue: ExerciseCatalogue,
  context: BuilderContext,
  notices: Pick<BuilderView, "refusal" | "nothingTicked">,
): BuilderView {
  const { language, now } = context;
  const exercises: Record<string, ExerciseCard> = {};
  const remember = (exercise: Exercise) => {
    exercises[exercise.id] ??= card(exercise, language);
  };
  const find = (id: string) => catalogue.index.byId.get(id)?.exercise;
  for (const id of [...state.chosen, ...state.search.ticked]) {
    const exercise = find(id);
    if (exercise) remember(exercise);
  }

  const kinds = state.type ? ACTIVITY_KINDS[state.type] : [];
  let suggestions: ResultList | null = null;
  if (state.mode === "builder" && state.step === 3) {
    const result = queryExercises(catalogue.index, {
      kinds,
      muscles: state.muscles,
      equipment: state.equipment,
      excludeIds: new Set([...state.chosen, ...state.dismissed]),
      sort: state.sort,
      limit: state.allSuggestions ? MAX_RESULTS : FIRST_SUGGESTIONS,
      ...refinementsOf(state),
      language,
      now,
    });
    result.results.forEach(({ exercise }) => remember(exercise));
    suggestions = { ids: result.results.map(({ exercise }) => exercise.id), total: result.total };
  }

  let searchResults: ResultList | null = null;
  if (state.mode === "search") {
    const { search } = state;
    const result = queryExercises(catalogue.index, {
      kinds: search.kind ? [search.kind] : [],
      muscles: search.muscle ? [search.muscle] : [],
      equipment: search.equipment ? [search.equipment] : [],
      text: search.text,
      sort: state.sort,
      ...refinementsOf(state),
      language,
      now,
    });
    result.results.forEach(({ exercise }) => remember(exercise));
    searchResults = { ids: result.results.map(({ exercise }) => exercise.id), total: result.total };
  }

  // Without a catalogue the muscle step still offers every zone: the error shows on the list.
  const covered =
    state.type && catalogue.status === "ready"
      ? coveredZones(catalogue.coverage, kinds, state.equipment)
      : new Set(MUSCLE_ZONES);
  const muscleOptions = MUSCLE_ZONES.filter((zone) => covered.has(zone) || state.muscles.includes(zone));

  const random = context.random ?? Math.random;
  return {
    state,
    catalogue: catalogue.status,
    defaultSessionName: context.defaultSessionName,
    muscleOptions,
    equipmentGaps: catalogue.equipmentGaps,
    exercises,
    suggestions,
    searchResults,
    ...notices,
    picks: {
      greeting: randomIndex(RANDOM_TEXT_COUNTS.greetings, random),
      prompts: [
        randomIndex(RANDOM_TEXT_COUNTS.prompts, random),
        randomIndex(RANDOM_TEXT_COUNTS.prompts, random),
        randomIndex(RANDOM_TEXT_COUNTS.prompts, random),
      ],
      tip: randomIndex(RANDOM_TEXT_COUNTS.tips, random),
    },
  };
}
