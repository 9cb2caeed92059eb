// The builder's state and its rules: the four steps, forced choices,
// selections, the proposed list and the search mode. Pure: the route's
// loader applies an action sent without JavaScript, the browser applies the
// same action in place, and both land on the same state.

import {
  ACTIVITY_KINDS,
  ACTIVITY_TYPES,
  type ActivityType,
  allowedEquipment,
  type EquipmentGaps,
  type EquipmentRefusal,
  equipmentRefusal,
  forcedChoices,
  isEquipmentGap,
  skipsChoiceSteps,
} from "./activities";
import { EQUIPMENT_IDS, type EquipmentId, type ExerciseKind, MUSCLE_ZONES, type MuscleZone } from "./catalogue-ids";
import { type ChoiceFilters, type ExerciseFacts, fitsChoices } from "./filters";
import { normalizeMulti, toggleMulti, toggleSingle } from "./selection";
import { toMuscleZone } from "./zones";
import type { SortOrder } from "./suggestions";

export const BUILDER_STEPS = [0, 1, 2, 3] as const;
export type BuilderStep = (typeof BUILDER_STEPS)[number];
export const LAST_STEP: BuilderStep = 3;

/** The page's three modes: building, running the session, picking more exercises. */
export const PAGE_MODES = ["builder", "session", "search"] as const;
export type PageMode = (typeof PAGE_MODES)[number];

/** Lists kept in the address stay short enough for any server and browser. */
export const MAX_CHOSEN = 40;
export const MAX_DISMISSED = 120;
export const MAX_TICKED = 40;
export const MAX_SESSION_NAME = 80;
export const MAX_SEARCH_TEXT = 80;

export interface SearchState {
  text: string;
  kind: ExerciseKind | null;
  muscle: MuscleZone | null;
  equipment: EquipmentId | null;
  /** Exercises ticked to be added, in the order they were ticked. */
  ticked: string[];
}

/** Narrowing of both lists (suggestions and search): level bounds and tags. */
export interface Refinements {
  minLevel: number | null;
  maxLevel: number | null;
  includeTags: string[];
  excludeTags: string[];
}

export interface BuilderState {
  mode: PageMode;
  step: BuilderStep;
  type: ActivityType | null;
  equipment: EquipmentId[];
  muscles: MuscleZone[];
  /** The chosen exercises, in session order. */
  chosen: string[];
  /** Suggestions hidden by the user (and chosen exercises they removed). */
  dismissed: string[];
  /** Empty: the default name ('Séance - {date}'). */
  sessionName: string;
  sort: SortOrder;
  /** The proposed list shows its first suggestions; this asks for all of them (24 at most). */
  allSuggestions: boolean;
  search: SearchState;
  refinements: Refinements;
  /** The user's routine the session runs (its targets, its last run); null otherwise. */
  routine: string | null;
}

export type { ExerciseFacts };
export type ExerciseLookup = (id: string) => ExerciseFacts | undefined;

export const emptySearch = (): SearchState => ({ text: "", kind: null, muscle: null, equipment: null, ticked: [] });

export function initialBuilderState(): BuilderState {
  return {
    mode: "builder",
    step: 0,
    type: null,
    equipment: [],
    muscles: [],
    chosen: [],
    dismissed: [],
    sessionName: "",
    sort: "relevance",
    allSuggestions: false,
    search: emptySearch(),
    refinements: { minLevel: null, maxLevel: null, includeTags: [], excludeTags: [] },
    routine: null,
  };
}

// ---------------------------------------------------------------------------
// Steps

/** Whether a step has the choice that lets the user go on. */
export function stepHasChoice(state: BuilderState, step: BuilderStep): boolean {
  switch (step) {
    case 0:
      return state.type !== null;
    case 1:
      return state.equipment.length > 0;
    case 2:
      // Meditation trains no muscle: its forced "none" is a choice.
      return state.muscles.length > 0 || (skipsChoiceSteps(state.type) && forcedChoices(state.type) !== null);
    case 3:
      return state.chosen.length > 0;
  }
}

/** The furthest step the choices made so far allow. */
export function furthestReachableStep(state: BuilderState): BuilderStep {
  if (state.type === null) return 0;
  if (skipsChoiceSteps(state.type)) return 3;
  if (!stepHasChoice(state, 1)) return 1;
  if (!stepHasChoice(state, 2)) return 2;
  return 3;
}

/** Steps 1 and 2 are decided for swimming, yoga and meditation: the user never visits them. */
export function isStepReachable(state: BuilderState, step: BuilderStep): boolean {
  if (skipsChoiceSteps(state.type) && (step === 1 || step === 2)) return false;
  return step <= furthestReachableStep(state);
}

export function canGoNext(state: BuilderState): boolean {
  return stepHasChoice(state, state.step);
}

export function canGoPrevious(state: BuilderState): boolean {
  return state.step > 0;
}

/** Next from a step: 0 -> 3 for the activities that skip the choices; null when next is not allowed or ends the builder. */
export function stepAfter(state: BuilderState): BuilderStep | null {
  if (!canGoNext(state) || state.step === LAST_STEP) return null;
  if (state.step === 0 && skipsChoiceSteps(state.type)) return 3;
  return (state.step + 1) as BuilderStep;
}

/** Previous from a step: 3 -> 0 for the activities that skip the choices; 0 stays 0. */
export function stepBefore(state: BuilderState): BuilderStep {
  if (state.step === 0) return 0;
  if (state.step === 3 && skipsChoiceSteps(state.type)) return 0;
  return (state.step - 1) as BuilderStep;
}

/** The step the saved choices imply: where the last choice made was (the proposed list once exercises are chosen). */
export function impliedStep(state: BuilderState): BuilderStep {
  if (state.chosen.length > 0) return furthestReachableStep(state);
  if (state.type === null) return 0;
  if (skipsChoiceSteps(state.type)) return 3;
  if (state.muscles.length > 0 && state.equipment.length > 0) return 2;
  if (state.equipment.length > 0) return 1;
  return 0;
}

/**
 * On restore the step advances to what the saved choices imply and never goes
 * backward: the saved step is kept when it is further (and still reachable).
 */
export function restoredStep(state: BuilderState, savedStep: number): BuilderStep {
  const saved = (BUILDER_STEPS as readonly number[]).includes(savedStep) ? (savedStep as BuilderStep) : 0;
  const implied = impliedStep(state);
  return saved > implied && isStepReachable(state, saved) ? saved : implied;
}

/** Keeps a requested step within reach: an address cannot skip a missing choice. */
export function clampStep(state: BuilderState, step: BuilderStep): BuilderStep {
  if (isStepReachable(state, step)) return step;
  // Stryker disable next-line EqualityOperator: these activities reach step 3 anyway (furthestReachableStep)
  if (skipsChoiceSteps(state.type) && (step === 1 || step === 2)) return 3;
  return furthestReachableStep(state);
}

// ---------------------------------------------------------------------------
// Filters: which chosen exercises still fit the choices

export function choiceFilters(state: Pick<BuilderState, "type" | "muscles" | "equipment">): ChoiceFilters {
  return {
    kinds: state.type ? ACTIVITY_KINDS[state.type] : [],
    muscles: state.muscles,
    equipment: state.equipment,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** Changing type, equipment or muscles resets dismissals and drops chosen exercises that no longer fit. */
function afterChoicesChange(previous: BuilderState, next: BuilderState, lookup: ExerciseLookup): BuilderState {
  if (
    previous.type === next.type &&
    sameList(previous.equipment, next.equipment) &&
    sameList(previous.muscles, next.muscles)
  )
    return next;
  const filters = choiceFilters(next);
  const chosen = next.chosen.filter((id) => {
    const facts = lookup(id);
    return facts !== undefined && fitsChoices(facts, filters);
  });
  return {
    ...next,
    dismissed: [],
    chosen,
    allSuggestions: false,
    mode: chosen.length === 0 && next.mode === "session" ? "builder" : next.mode,
  };
}

// ---------------------------------------------------------------------------
// Actions

export type BuilderAction =
  | { kind: "pick-type"; id: string }
  | { kind: "toggle-equipment"; id: string }
  | { kind: "toggle-muscle"; id: string }
  | { kind: "go-to-step"; step: BuilderStep }
  | { kind: "next" }
  | { kind: "previous" }
  | { kind: "restart" }
  | { kind: "add"; id: string }
  | { kind: "remove"; id: string }
  | { kind: "dismiss"; id: string }
  | { kind: "move"; id: string; by: -1 | 1 }
  | { kind: "move-to"; id: string; index: number }
  | { kind: "reset-dismissed" }
  | { kind: "more-suggestions" }
  | { kind: "sort"; order: SortOrder }
  | { kind: "open-search" }
  | { kind: "cancel-search" }
  | { kind: "confirm-search" }
  | { kind: "toggle-tick"; id: string }
  | { kind: "tick-first"; ids: readonly string[] }
  | { kind: "back-to-builder" }
  /** Changes nothing: a form sent to save what was typed (the session name, the search). */
  | { kind: "refresh" };

export interface ActionOutcome {
  state: BuilderState;
  /** Set when the user picked equipment the activity does not allow (the state is unchanged). */
  refusal: EquipmentRefusal | null;
}

const unchanged = (state: BuilderState): ActionOutcome => ({ state, refusal: null });
const changed = (state: BuilderState): ActionOutcome => ({ state, refusal: null });

function pickType(state: BuilderState, id: string, lookup: ExerciseLookup, gaps: EquipmentGaps): BuilderState {
  const type = toggleSingle(state.type, id, ACTIVITY_TYPES);
  if (type === state.type) return state;
  const forced = forcedChoices(type);
  let equipment: EquipmentId[];
  let muscles: MuscleZone[];
  if (forced) {
    ({ equipment, muscles } = forced);
  } else if (forcedChoices(state.type)) {
    // The previous activity decided these: the user has not chosen them.
    equipment = [];
    muscles = [];
  } else {
    // Equipment kept from the previous activity must still give exercises for this one.
    const allowed = allowedEquipment(type);
    equipment = state.equipment.filter((item) => allowed.includes(item) && !isEquipmentGap(gaps, type, item));
    muscles = state.muscles;
  }
  return afterChoicesChange(state, { ...state, type, equipment, muscles, step: 0 }, lookup);
}

/** A search result ticked or unticked: at most MAX_TICKED ticked at once. */
export function toggledTick(ticked: readonly string[], id: string): string[] {
  return ticked.includes(id) ? withoutId(ticked, id) : capped([...ticked, id], MAX_TICKED);
}

function withoutId(list: readonly string[], id: string): string[] {
  return list.filter((value) => value !== id);
}

function moveTo(list: readonly string[], id: string, index: number): string[] {
  const from = list.indexOf(id);
  // Stryker disable next-line ArrayDeclaration: unreachable, both callers check the id is in the list
  if (from === -1) return [...list];
  // Stryker disable next-line ArithmeticOperator: splicing past the end appends, like splicing at the end
  const target = Math.max(0, Math.min(list.length - 1, Math.trunc(index)));
  const next = withoutId(list, id);
  next.splice(target, 0, id);
  return next;
}

function capped(list: string[], max: number): string[] {
  // The oldest entries go first: the most recent ones matter.
  return list.length > max ? list.slice(list.length - max) : list;
}

/**
 * Applies one action. Anything that does not apply (unknown id, step out of
 * reach) leaves the state as it is. `gaps` names the equipment that gives no
 * exercise for an activity (from the catalogue): it is refused like the
 * equipment an activity does not allow.
 */
export function applyBuilderAction(
  state: BuilderState,
  action: BuilderAction,
  lookup: ExerciseLookup,
  gaps: EquipmentGaps = {},
): ActionOutcome {
  switch (action.kind) {
    case "pick-type":
      return changed(pickType(state, action.id, lookup, gaps));
    case "toggle-equipment": {
      if (forcedChoices(state.type) || !(EQUIPMENT_IDS as readonly string[]).includes(action.id))
        return unchanged(state);
      const refusal = equipmentRefusal(state.type, action.id as EquipmentId, gaps);
      if (refusal && !state.equipment.includes(action.id as EquipmentId)) return { state, refusal };
      const equipment = toggleMulti(state.equipment, action.id, EQUIPMENT_IDS);
      return changed(afterChoicesChange(state, { ...state, equipment }, lookup));
    }
    case "toggle-muscle": {
      if (forcedChoices(state.type)) return unchanged(state);
      // The upper-case fallback ids (BICEPS...) name their zones.
      const muscles = toggleMulti(state.muscles, toMuscleZone(action.id) ?? action.id, MUSCLE_ZONES);
      return changed(afterChoicesChange(state, { ...state, muscles }, lookup));
    }
    case "go-to-step":
      return isStepReachable(state, action.step)
        ? changed({ ...state, mode: "builder", step: action.step })
        : unchanged(state);
    case "next": {
      if (state.step === LAST_STEP) return canGoNext(state) ? changed({ ...state, mode: "session" }) : unchanged(state);
      const step = stepAfter(state);
      return step === null ? unchanged(state) : changed({ ...state, step });
    }
    case "previous":
      return changed({ ...state, step: stepBefore(state) });
    case "restart":
      return changed(initialBuilderState());
    case "add": {
      if (state.chosen.includes(action.id) || !lookup(action.id) || state.chosen.length >= MAX_CHOSEN)
        return unchanged(state);
      return changed({
        ...state,
        chosen: [...state.chosen, action.id],
        dismissed: withoutId(state.dismissed, action.id),
      });
    }
    case "remove": {
      if (!state.chosen.includes(action.id)) return unchanged(state);
      // A removed exercise is dismissed: it does not come back among the suggestions.
      const chosen = withoutId(state.chosen, action.id);
      return changed({
        ...state,
        chosen,
        dismissed: capped([...withoutId(state.dismissed, action.id), action.id], MAX_DISMISSED),
        mode: chosen.length === 0 && state.mode === "session" ? "builder" : state.mode,
      });
    }
    case "dismiss": {
      if (state.chosen.includes(action.id) || state.dismissed.includes(action.id) || !lookup(action.id))
        return unchanged(state);
      return changed({ ...state, dismissed: capped([...state.dismissed, action.id], MAX_DISMISSED) });
    }
    case "move": {
      const index = state.chosen.indexOf(action.id);
      if (index === -1) return unchanged(state);
      return changed({ ...state, chosen: moveTo(state.chosen, action.id, index + action.by) });
    }
    case "move-to":
      return state.chosen.includes(action.id)
        ? changed({ ...state, chosen: moveTo(state.chosen, action.id, action.index) })
        : unchanged(state);
    case "reset-dismissed":
      return changed({ ...state, dismissed: [] });
    case "more-suggestions":
      return changed({ ...state, allSuggestions: true });
    case "sort":
      return changed({ ...state, sort: action.order });
    case "open-search":
      return changed({ ...state, mode: "search", search: emptySearch() });
    case "cancel-search":
      return changed({ ...state, mode: "builder", search: emptySearch() });
    case "confirm-search": {
      const added = state.search.ticked.filter((id) => !state.chosen.includes(id) && lookup(id) !== undefined);
      const chosen = [...state.chosen, ...added].slice(0, MAX_CHOSEN);
      return changed({
        ...state,
        mode: "builder",
        chosen,
        dismissed: state.dismissed.filter((id) => !chosen.includes(id)),
        search: emptySearch(),
      });
    }
    case "toggle-tick": {
      if (state.chosen.includes(action.id) || !lookup(action.id)) return unchanged(state);
      return changed({ ...state, search: { ...state.search, ticked: toggledTick(state.search.ticked, action.id) } });
    }
    case "tick-first": {
      // Enter in the search box ticks the first match not yet added (nor ticked).
      const first = action.ids.find(
        (id) => !state.chosen.includes(id) && !state.search.ticked.includes(id) && lookup(id) !== undefined,
      );
      return first === undefined
        ? unchanged(state)
        : changed({
            ...state,
            search: { ...state.search, ticked: capped([...state.search.ticked, first], MAX_TICKED) },
          });
    }
    case "back-to-builder":
      return changed({ ...state, mode: "builder", step: clampStep(state, LAST_STEP) });
    case "refresh":
      return unchanged(state);
  }
}

// ---------------------------------------------------------------------------
// Normalisation of a state read from outside (an address, local storage)

/**
 * Makes a state read from outside coherent: forced choices win, disallowed
 * equipment and unknown exercises are dropped, the step stays within reach,
 * a session needs chosen exercises.
 */
export function normalizeBuilderState(raw: BuilderState, lookup: ExerciseLookup): BuilderState {
  const forced = forcedChoices(raw.type);
  const allowed = allowedEquipment(raw.type);
  const equipment = forced
    ? forced.equipment
    : normalizeMulti(raw.equipment, EQUIPMENT_IDS).filter((id) => allowed.includes(id));
  const muscles = forced ? forced.muscles : normalizeMulti(raw.muscles, MUSCLE_ZONES);
  const known = (id: string) => lookup(id) !== undefined;
  const chosen = [...new Set(raw.chosen)].filter(known).slice(0, MAX_CHOSEN);
  const dismissed = capped(
    [...new Set(raw.dismissed)].filter((id) => known(id) && !chosen.includes(id)),
    MAX_DISMISSED,
  );
  const ticked = [...new Set(raw.search.ticked)].filter((id) => known(id) && !chosen.includes(id)).slice(0, MAX_TICKED);
  const base: BuilderState = {
    ...raw,
    equipment,
    muscles,
    chosen,
    dismissed,
    search: { ...raw.search, ticked },
  };
  const step = clampStep(base, raw.step);
  const mode = raw.mode === "session" && chosen.length === 0 ? "builder" : raw.mode;
  return { ...base, step, mode };
}
