import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { EQUIPMENT_MESSAGE_MS, type EquipmentRefusal } from "~/domain/workout/activities";
import {
  applyBuilderAction,
  type BuilderAction,
  type BuilderState,
  type ExerciseLookup,
} from "~/domain/workout/builder-state";
import { BUILDER_PARAMS, builderHref, parseBuilderAction, parseBuilderParams } from "~/domain/workout/builder-url";
import type { PlannedExercise } from "~/domain/workout/planned-exercises";
import { useHydrated } from "~/lib/use-hydrated";
import type { BuilderView, ExerciseCard } from "~/services/workout/builder.server";
import {
  forgetBuilder,
  idsFromReplaceEvent,
  markBuilderTouched,
  restoredBuilderHref,
  saveBuilder,
  SELECTED_REPLACE_EVENT,
  SELECTED_UPDATE_EVENT,
  type SelectedUpdateDetail,
} from "./builder-storage";

/** Marks the builder's own navigations: only an arrival from elsewhere restores from storage. */
const OWN_NAVIGATION = { fromBuilder: true } as const;

function isOwnNavigation(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { fromBuilder?: unknown }).fromBuilder === true;
}

/** Actions that change what the page shows (a step, a mode): they get their own history entry. */
const HISTORY_ACTIONS: ReadonlySet<BuilderAction["kind"]> = new Set([
  "go-to-step",
  "next",
  "previous",
  "restart",
  "open-search",
  "cancel-search",
  "confirm-search",
  "back-to-builder",
]);

/** The ordered chosen exercises as the session receives them (the hand-over shape). */
export function plannedFromCards(ids: readonly string[], exercises: Record<string, ExerciseCard>): PlannedExercise[] {
  return ids.flatMap((id) => {
    const card = exercises[id];
    return card
      ? [{ id, name: card.name, type: card.type, muscles: card.muscles, equipment: card.equipment, level: card.level }]
      : [];
  });
}

/** What the server's lists depend on: while it differs from the loaded page, the lists are being reloaded. */
function listKey(state: BuilderState): string {
  // Adding or dismissing only hides a suggestion, which the page does at once: not a reload.
  const { mode, step, type, equipment, muscles, sort, allSuggestions, search, refinements } = state;
  return JSON.stringify(
    mode === "search"
      ? [mode, search.text, search.kind, search.muscle, search.equipment, sort, refinements]
      : [mode, step === 3, type, equipment, muscles, sort, allSuggestions, refinements],
  );
}

/**
 * The state a form sends, in the browser: the latest state (the hidden
 * fields may not show a change made a moment ago yet) with what the visible
 * fields hold (the session name, the sort, the search box and filters).
 */
function withTypedFields(latest: BuilderState, fromForm: BuilderState): BuilderState {
  return {
    ...latest,
    sessionName: fromForm.sessionName,
    sort: latest.mode === "builder" && latest.step === 3 ? fromForm.sort : latest.sort,
    search: latest.mode === "search" ? { ...fromForm.search, ticked: latest.search.ticked } : latest.search,
  };
}

function formParams(form: HTMLFormElement, submitter: HTMLElement | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter)) {
    if (typeof value === "string") params.append(name, value);
  }
  return params;
}

export interface BuilderController {
  /** The state shown: the one being navigated to, else the loaded one. */
  state: BuilderState;
  hydrated: boolean;
  /** The suggestions or search results on screen belong to other choices: new ones are on their way. */
  listsLoading: boolean;
  refusal: EquipmentRefusal | null;
  nothingTicked: boolean;
  lookup: ExerciseLookup;
  /** Applies a change; the promise settles once the page has the new state's lists. */
  dispatch(action: BuilderAction): Promise<void>;
  /** The builder form's submit handler: reads the form like the server would, applies its action in place. */
  onSubmit(event: React.FormEvent<HTMLFormElement>): void;
}

/**
 * The builder in the browser: every change becomes the address of the new
 * state (the loader then brings the lists), the state shown is the one being
 * navigated to (so a click answers at once), local storage and the window
 * events follow the loaded state.
 */
export function useBuilder(view: BuilderView): BuilderController {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();

  const pending =
    navigation.state !== "idle" && navigation.location?.pathname === location.pathname ? navigation.location : null;
  const state = useMemo(
    () => (pending ? parseBuilderParams(new URLSearchParams(pending.search)) : view.state),
    [pending, view.state],
  );
  // The latest state, for handlers: set from each render, and at once by each
  // change, so two quick clicks build on each other even before React renders.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const listsLoading = pending !== null && listKey(state) !== listKey(view.state);

  const exercisesRef = useRef(view.exercises);
  useLayoutEffect(() => {
    exercisesRef.current = view.exercises;
  }, [view.exercises]);
  const lookup = useCallback<ExerciseLookup>((id) => exercisesRef.current[id], []);

  const gaps = view.equipmentGaps;
  const [refusal, setRefusal] = useState<EquipmentRefusal | null>(view.refusal);
  const [nothingTicked, setNothingTicked] = useState(view.nothingTicked);
  useEffect(() => {
    if (!refusal) return;
    const timer = window.setTimeout(() => setRefusal(null), EQUIPMENT_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [refusal]);

  const go = useCallback(
    async (next: BuilderState, replace: boolean) => {
      markBuilderTouched(localStorage);
      const sessionName = next.sessionName === view.defaultSessionName ? "" : next.sessionName;
      await navigate(builderHref({ ...next, sessionName }), {
        replace,
        preventScrollReset: true,
        state: OWN_NAVIGATION,
      });
    },
    [navigate, view.defaultSessionName],
  );

  const apply = useCallback(
    async (base: BuilderState, action: BuilderAction | null) => {
      setNothingTicked(false);
      if (action?.kind === "restart") forgetBuilder(localStorage);
      if (action?.kind === "confirm-search" && base.search.ticked.length === 0) {
        setNothingTicked(true);
        return;
      }
      const outcome = action ? applyBuilderAction(base, action, lookup, gaps) : { state: base, refusal: null };
      if (outcome.refusal) {
        // A new object each time: the message stays its full 3 s after each click.
        setRefusal({ ...outcome.refusal });
        return;
      }
      setRefusal(null);
      stateRef.current = outcome.state;
      await go(outcome.state, !(action && HISTORY_ACTIONS.has(action.kind)));
    },
    [go, lookup, gaps],
  );

  const dispatch = useCallback((action: BuilderAction) => apply(stateRef.current, action), [apply]);

  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
      const params = formParams(event.currentTarget, submitter);
      const action = parseBuilderAction(params.get(BUILDER_PARAMS.action));
      params.delete(BUILDER_PARAMS.action);
      void apply(withTypedFields(stateRef.current, parseBuilderParams(params)), action);
    },
    [apply],
  );

  // A bare /exo reached from elsewhere (a menu link, a new tab) restores the
  // builder left on this device; an address that carries a builder wins over
  // storage, and so does the bare address the builder itself goes to (the
  // user unselected everything, or started over).
  const restoring = useRef(false);
  useEffect(() => {
    restoring.current = false;
    if (location.search !== "" || isOwnNavigation(location.state)) return;
    const href = restoredBuilderHref(localStorage);
    if (href && href !== location.pathname) {
      restoring.current = true;
      navigate(href, { replace: true, preventScrollReset: true });
    }
  }, [location.pathname, location.search, location.state, navigate]);

  const suggestionIds = view.suggestions?.ids;
  useEffect(() => {
    if (restoring.current) return;
    saveBuilder(localStorage, view.state, {
      exercises: plannedFromCards(view.state.chosen, view.exercises),
      lastResults: suggestionIds ?? null,
    });
  }, [view.state, view.exercises, suggestionIds]);

  // The chosen exercises, announced to the rest of the page whenever they change.
  const chosenKey = view.state.chosen.join(" ");
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (announced.current === chosenKey) return;
    announced.current = chosenKey;
    const ids = chosenKey ? chosenKey.split(" ") : [];
    const detail: SelectedUpdateDetail = { ids, exercises: plannedFromCards(ids, exercisesRef.current) };
    window.dispatchEvent(new CustomEvent(SELECTED_UPDATE_EVENT, { detail }));
  }, [chosenKey]);

  useEffect(() => {
    const onReplace = (event: Event) => {
      const ids = idsFromReplaceEvent((event as CustomEvent<unknown>).detail);
      if (ids) go({ ...stateRef.current, chosen: ids }, true);
    };
    window.addEventListener(SELECTED_REPLACE_EVENT, onReplace);
    return () => window.removeEventListener(SELECTED_REPLACE_EVENT, onReplace);
  }, [go]);

  return { state, hydrated, listsLoading, refusal, nothingTicked, lookup, dispatch, onSubmit };
}
