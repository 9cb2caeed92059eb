// The builder's state in the address: every step is a GET form, so a
// shared link restores the builder and the page works without JavaScript.
// Parsing is forgiving (anything unknown is dropped); writing is canonical
// (defaults left out, lists in their canonical order).

import { ACTIVITY_TYPES, isActivityType } from "./activities";
import {
  type BuilderAction,
  type BuilderState,
  type BuilderStep,
  BUILDER_STEPS,
  initialBuilderState,
  MAX_CHOSEN,
  MAX_DISMISSED,
  MAX_SEARCH_TEXT,
  MAX_SESSION_NAME,
  MAX_TICKED,
  type PageMode,
} from "./builder-state";
import {
  EQUIPMENT_IDS,
  type EquipmentId,
  EXERCISE_KINDS,
  type ExerciseKind,
  MUSCLE_ZONES,
  type MuscleZone,
} from "./catalogue-ids";
import { BUILDER_PARAMS, SEARCH_MODE_VALUE, SESSION_MODE_VALUE } from "./builder-params";
import { normalizeMulti } from "./selection";
import type { SortOrder } from "./suggestions";
import { toMuscleZone } from "./zones";

export { BUILDER_PARAMS, BUILDER_PARAM_NAMES } from "./builder-params";

const MODE_VALUES: Record<PageMode, string | null> = {
  builder: null,
  session: SESSION_MODE_VALUE,
  search: SEARCH_MODE_VALUE,
};
/** How each sort order reads in the address. */
export const SORT_VALUES: Record<SortOrder, string> = {
  relevance: "pertinence",
  name: "nom",
  difficulty: "difficulte",
};

/** Exercise ids are slugs; anything else cannot be one. */
const EXERCISE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_ID_LENGTH = 100;
const MAX_TAG_COUNT = 12;

function exerciseIds(values: string[], max: number): string[] {
  const ids = values.filter((value) => value.length <= MAX_ID_LENGTH && EXERCISE_ID.test(value));
  return [...new Set(ids)].slice(0, max);
}

function oneOf<T extends string>(value: string | null, known: readonly T[]): T | null {
  return value !== null && (known as readonly string[]).includes(value) ? (value as T) : null;
}

function keyOf<T extends string>(value: string | null, table: Record<T, string | null>): T | null {
  if (value === null) return null;
  const found = (Object.keys(table) as T[]).find((key) => table[key] === value);
  return found ?? null;
}

function level(value: string | null): number | null {
  if (value === null || !/^[1-3]$/.test(value.trim())) return null;
  // Stryker disable next-line MethodExpression: Number() ignores the same surrounding spaces
  return Number(value.trim());
}

/** Trims, drops control characters and cuts to `max` characters. */
export function cleanText(value: string | null, max: number): string {
  if (value === null) return "";
  const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char === "\u007f";
  const visible = [...value].map((char) => (isControl(char) ? " " : char)).join("");
  return [...visible.trim()].slice(0, max).join("");
}

/** Reads the builder's state from search parameters; unknown values are dropped, nothing throws. */
export function parseBuilderParams(params: URLSearchParams): BuilderState {
  const state = initialBuilderState();
  const all = (name: string) => params.getAll(name);
  const one = (name: string) => params.get(name);

  const step = Number(one(BUILDER_PARAMS.step));
  state.step = (BUILDER_STEPS as readonly number[]).includes(step) ? (step as BuilderStep) : 0;
  state.type = isActivityType(one(BUILDER_PARAMS.type)) ? (one(BUILDER_PARAMS.type) as BuilderState["type"]) : null;
  state.equipment = normalizeMulti(all(BUILDER_PARAMS.equipment), EQUIPMENT_IDS);
  state.muscles = normalizeMulti(
    // Stryker disable next-line MethodExpression: normalizeMulti keeps canonical zones only, so nulls are dropped anyway
    all(BUILDER_PARAMS.muscle)
      .map(toMuscleZone)
      .filter((zone): zone is MuscleZone => zone !== null),
    MUSCLE_ZONES,
  );
  state.chosen = exerciseIds(all(BUILDER_PARAMS.chosen), MAX_CHOSEN);
  state.dismissed = exerciseIds(all(BUILDER_PARAMS.dismissed), MAX_DISMISSED);
  state.sessionName = cleanText(one(BUILDER_PARAMS.sessionName), MAX_SESSION_NAME);
  state.mode = keyOf(one(BUILDER_PARAMS.mode), MODE_VALUES) ?? "builder";
  state.sort = keyOf(one(BUILDER_PARAMS.sort), SORT_VALUES) ?? "relevance";
  state.allSuggestions = one(BUILDER_PARAMS.allSuggestions) === "1";
  state.search = {
    text: cleanText(one(BUILDER_PARAMS.searchText), MAX_SEARCH_TEXT),
    kind: oneOf<ExerciseKind>(one(BUILDER_PARAMS.searchKind), EXERCISE_KINDS),
    // Stryker disable next-line StringLiteral: any other non-zone fallback is null too
    muscle: toMuscleZone(one(BUILDER_PARAMS.searchMuscle) ?? ""),
    equipment: oneOf<EquipmentId>(one(BUILDER_PARAMS.searchEquipment), EQUIPMENT_IDS),
    ticked: exerciseIds(all(BUILDER_PARAMS.ticked), MAX_TICKED),
  };
  let minLevel = level(one(BUILDER_PARAMS.minLevel));
  let maxLevel = level(one(BUILDER_PARAMS.maxLevel));
  if (minLevel !== null && maxLevel !== null && minLevel > maxLevel) [minLevel, maxLevel] = [maxLevel, minLevel];
  state.refinements = {
    minLevel,
    maxLevel,
    includeTags: exerciseIds(all(BUILDER_PARAMS.tag), MAX_TAG_COUNT),
    excludeTags: exerciseIds(all(BUILDER_PARAMS.withoutTag), MAX_TAG_COUNT),
  };
  return state;
}

/** The canonical parameters of a state: defaults are left out. */
export function builderParams(state: BuilderState): URLSearchParams {
  const params = new URLSearchParams();
  const P = BUILDER_PARAMS;
  const mode = MODE_VALUES[state.mode];
  if (mode) params.set(P.mode, mode);
  if (state.step !== 0) params.set(P.step, String(state.step));
  if (state.type) params.set(P.type, state.type);
  for (const id of state.equipment) params.append(P.equipment, id);
  for (const id of state.muscles) params.append(P.muscle, id);
  for (const id of state.chosen) params.append(P.chosen, id);
  for (const id of state.dismissed) params.append(P.dismissed, id);
  if (state.sessionName) params.set(P.sessionName, state.sessionName);
  if (state.sort !== "relevance") params.set(P.sort, SORT_VALUES[state.sort]);
  if (state.allSuggestions) params.set(P.allSuggestions, "1");
  if (state.mode === "search") {
    if (state.search.text) params.set(P.searchText, state.search.text);
    if (state.search.kind) params.set(P.searchKind, state.search.kind);
    if (state.search.muscle) params.set(P.searchMuscle, state.search.muscle);
    if (state.search.equipment) params.set(P.searchEquipment, state.search.equipment);
    for (const id of state.search.ticked) params.append(P.ticked, id);
  }
  const { minLevel, maxLevel, includeTags, excludeTags } = state.refinements;
  if (minLevel !== null) params.set(P.minLevel, String(minLevel));
  if (maxLevel !== null) params.set(P.maxLevel, String(maxLevel));
  for (const tag of includeTags) params.append(P.tag, tag);
  for (const tag of excludeTags) params.append(P.withoutTag, tag);
  return params;
}

/** "/exo?..." for a state (just "/exo" for the initial one). */
export function builderHref(state: BuilderState, pathname = "/exo"): string {
  const search = builderParams(state).toString();
  return search ? `${pathname}?${search}` : pathname;
}

// ---------------------------------------------------------------------------
// Actions: the value of the `action` parameter, "verb" or "verb:argument"

const ACTION_VERBS = {
  "pick-type": "type",
  "toggle-equipment": "equipement",
  "toggle-muscle": "muscle",
  "go-to-step": "etape",
  next: "suivant",
  previous: "precedent",
  restart: "recommencer",
  add: "ajouter",
  remove: "retirer",
  dismiss: "ecarter",
  move: "deplacer",
  "move-to": "placer",
  "reset-dismissed": "reinitialiser-suggestions",
  "more-suggestions": "plus-de-suggestions",
  sort: "trier",
  "open-search": "rechercher",
  "cancel-search": "annuler-recherche",
  "confirm-search": "ajouter-coches",
  "toggle-tick": "cocher",
  "tick-first": "cocher-premier",
  "back-to-builder": "retour",
  refresh: "actualiser",
} as const satisfies Record<BuilderAction["kind"], string>;

/** The `action` value a button sends for an action (tick-first is for scripts only: it has no value). */
export function formatBuilderAction(action: BuilderAction): string {
  const verb = ACTION_VERBS[action.kind];
  switch (action.kind) {
    case "pick-type":
    case "toggle-equipment":
    case "toggle-muscle":
    case "add":
    case "remove":
    case "dismiss":
    case "toggle-tick":
      return `${verb}:${action.id}`;
    case "go-to-step":
      return `${verb}:${action.step}`;
    case "move":
      return `${verb}:${action.id}:${action.by > 0 ? "bas" : "haut"}`;
    case "move-to":
      return `${verb}:${action.id}:${action.index}`;
    case "sort":
      return `${verb}:${SORT_VALUES[action.order]}`;
    default:
      return verb;
  }
}

/** Reads an `action` value; anything malformed is null (and the request is then a plain view). */
export function parseBuilderAction(value: string | null): BuilderAction | null {
  if (value === null || value.length > 200) return null;
  const [verb = "", argument = "", extra = ""] = value.split(":");
  const kind = (Object.keys(ACTION_VERBS) as BuilderAction["kind"][]).find((key) => ACTION_VERBS[key] === verb);
  const id = EXERCISE_ID.test(argument) || toMuscleZone(argument) ? argument : null;
  switch (kind) {
    case "pick-type":
      return (ACTIVITY_TYPES as readonly string[]).includes(argument) ? { kind, id: argument } : null;
    case "toggle-equipment":
    case "toggle-muscle":
    case "add":
    case "remove":
    case "dismiss":
    case "toggle-tick":
      return id === null ? null : { kind, id: kind === "toggle-muscle" ? (toMuscleZone(id) ?? id) : id };
    case "go-to-step": {
      const step = Number(argument);
      return (BUILDER_STEPS as readonly number[]).includes(step) && argument !== ""
        ? { kind, step: step as BuilderStep }
        : null;
    }
    case "move":
      return id !== null && (extra === "haut" || extra === "bas") ? { kind, id, by: extra === "haut" ? -1 : 1 } : null;
    case "move-to":
      return id !== null && /^\d{1,3}$/.test(extra) ? { kind, id, index: Number(extra) } : null;
    case "sort": {
      const order = keyOf(argument, SORT_VALUES);
      return order ? { kind, order } : null;
    }
    case "tick-first":
    case undefined:
      return null;
    default:
      return argument === "" ? { kind } : null;
  }
}
