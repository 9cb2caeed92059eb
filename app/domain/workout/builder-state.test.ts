import { describe, expect, it } from "vitest";
import {
  applyBuilderAction,
  type BuilderAction,
  type BuilderState,
  canGoNext,
  canGoPrevious,
  choiceFilters,
  clampStep,
  furthestReachableStep,
  impliedStep,
  initialBuilderState,
  isStepReachable,
  MAX_CHOSEN,
  MAX_DISMISSED,
  MAX_TICKED,
  normalizeBuilderState,
  restoredStep,
  stepAfter,
  stepBefore,
  stepHasChoice,
  toggledTick,
} from "./builder-state";
import { MUSCLE_ZONES } from "./catalogue-ids";
import { buildExerciseIndex } from "./suggestions";
import { testCatalogue } from "./test-catalogue";

const index = buildExerciseIndex(testCatalogue);
const lookup = (id: string) => index.byId.get(id)?.exercise;
const state = (overrides: Partial<BuilderState> = {}): BuilderState => ({ ...initialBuilderState(), ...overrides });
const run = (from: BuilderState, ...actions: BuilderAction[]) =>
  actions.reduce((current, action) => applyBuilderAction(current, action, lookup).state, from);

const muscuChestDumbbells = state({
  step: 3,
  type: "muscu",
  equipment: ["halteres"],
  muscles: ["pectoraux"],
});

describe("steps", () => {
  it("allows next only when the step has a choice", () => {
    expect(canGoNext(state())).toBe(false);
    expect(canGoNext(state({ type: "muscu" }))).toBe(true);
    expect(canGoNext(state({ step: 1, type: "muscu" }))).toBe(false);
    expect(canGoNext(state({ step: 1, type: "muscu", equipment: ["barre"] }))).toBe(true);
    expect(canGoNext(state({ step: 2, type: "muscu", equipment: ["barre"] }))).toBe(false);
    expect(canGoNext({ ...muscuChestDumbbells })).toBe(false);
    expect(canGoNext({ ...muscuChestDumbbells, chosen: ["pompes"] })).toBe(true);
  });

  it("disables previous at step 0", () => {
    expect(canGoPrevious(state())).toBe(false);
    expect(run(state(), { kind: "previous" }).step).toBe(0);
    expect(canGoPrevious(state({ step: 1, type: "muscu" }))).toBe(true);
  });

  it("walks 0 -> 1 -> 2 -> 3 for strength training, and back", () => {
    let current = run(state(), { kind: "pick-type", id: "muscu" }, { kind: "next" });
    expect(current.step).toBe(1);
    current = run(current, { kind: "next" });
    expect(current.step).toBe(1); // no equipment yet
    current = run(current, { kind: "toggle-equipment", id: "halteres" }, { kind: "next" });
    expect(current.step).toBe(2);
    current = run(current, { kind: "toggle-muscle", id: "pectoraux" }, { kind: "next" });
    expect(current.step).toBe(3);
    expect(run(current, { kind: "previous" }).step).toBe(2);
  });

  it("jumps from 0 to 3 and back for swimming, yoga and meditation", () => {
    for (const type of ["natation", "yoga", "meditation"]) {
      const atList = run(state(), { kind: "pick-type", id: type }, { kind: "next" });
      expect(atList.step).toBe(3);
      expect(run(atList, { kind: "previous" }).step).toBe(0);
      expect(isStepReachable(atList, 1)).toBe(false);
      expect(isStepReachable(atList, 2)).toBe(false);
    }
  });

  it("finishes the builder from step 3 into the session, only with chosen exercises", () => {
    expect(run(muscuChestDumbbells, { kind: "next" }).mode).toBe("builder");
    const session = run(muscuChestDumbbells, { kind: "add", id: "pompes" }, { kind: "next" });
    expect(session.mode).toBe("session");
    const back = run(session, { kind: "back-to-builder" });
    expect(back).toMatchObject({ mode: "builder", step: 3, chosen: ["pompes"] });
  });

  it("goes to a step by the indicator only when it is within reach", () => {
    const atOne = state({ step: 1, type: "muscu" });
    expect(run(atOne, { kind: "go-to-step", step: 0 }).step).toBe(0);
    expect(run(atOne, { kind: "go-to-step", step: 3 }).step).toBe(1);
    expect(run(muscuChestDumbbells, { kind: "go-to-step", step: 1 }).step).toBe(1);
  });

  it("restores to what the saved choices imply and never goes backward", () => {
    // Saved at step 0 with all choices made: advances to the muscle step.
    const choices = { ...muscuChestDumbbells, step: 0 as const };
    expect(restoredStep(choices, 0)).toBe(2);
    // A further saved step that is reachable is kept.
    expect(restoredStep(choices, 3)).toBe(3);
    // With chosen exercises: the proposed list.
    expect(restoredStep({ ...choices, chosen: ["pompes"] }, 1)).toBe(3);
    // A saved step beyond a missing choice falls back to what the choices imply.
    expect(restoredStep(state({ type: "muscu" }), 3)).toBe(0);
    expect(restoredStep(state({ type: "muscu", equipment: ["barre"] }), 3)).toBe(1);
    // Muscles without equipment: never past the missing equipment.
    expect(restoredStep(state({ type: "muscu", muscles: ["biceps"] }), 0)).toBe(0);
    // Swimming implies the proposed list.
    expect(restoredStep(state({ type: "natation" }), 0)).toBe(3);
    expect(restoredStep(state(), 7)).toBe(0);
  });

  it("keeps a step read from an address within reach", () => {
    expect(clampStep(state({ type: "muscu" }), 3)).toBe(1);
    expect(clampStep(state({ type: "yoga" }), 2)).toBe(3);
    expect(clampStep(state(), 2)).toBe(0);
  });
});

describe("choices", () => {
  it("forces body weight and all groups for swimming, and frees them when leaving it", () => {
    const swim = run(state({ equipment: ["barre"], muscles: ["biceps"] }), { kind: "pick-type", id: "natation" });
    expect(swim).toMatchObject({ type: "natation", equipment: ["poids-du-corps"], muscles: [...MUSCLE_ZONES] });
    // Forced choices cannot be changed.
    expect(run(swim, { kind: "toggle-muscle", id: "biceps" }).muscles).toEqual([...MUSCLE_ZONES]);
    const muscu = run(swim, { kind: "pick-type", id: "muscu" });
    expect(muscu).toMatchObject({ equipment: [], muscles: [] });
  });

  it("clears the type when the selected card is clicked again", () => {
    expect(run(state({ type: "cardio" }), { kind: "pick-type", id: "cardio" }).type).toBeNull();
  });

  it("refuses disallowed equipment with a message and leaves the state as it is", () => {
    const stretching = run(state(), { kind: "pick-type", id: "etirement" });
    const outcome = applyBuilderAction(
      { ...stretching, step: 1 },
      { kind: "toggle-equipment", id: "halteres" },
      lookup,
    );
    expect(outcome.refusal).toEqual({
      activity: "etirement",
      equipment: "halteres",
      reason: "activity",
      joke: "etirement.halteres",
    });
    expect(outcome.state.equipment).toEqual([]);
    const allowed = applyBuilderAction(
      { ...stretching, step: 1 },
      { kind: "toggle-equipment", id: "poids-du-corps" },
      lookup,
    );
    expect(allowed).toMatchObject({ refusal: null, state: { equipment: ["poids-du-corps"] } });
  });

  it("refuses equipment that gives no exercise for the activity, and lets one picked before go", () => {
    const gaps = { cardio: ["barre", "poulie"] } as const;
    const cardio = state({ type: "cardio", step: 1 });
    const refused = applyBuilderAction(cardio, { kind: "toggle-equipment", id: "barre" }, lookup, gaps);
    expect(refused.refusal).toEqual({ activity: "cardio", equipment: "barre", reason: "no-exercise", joke: null });
    expect(refused.state).toBe(cardio);
    const offered = applyBuilderAction(cardio, { kind: "toggle-equipment", id: "halteres" }, lookup, gaps);
    expect(offered).toMatchObject({ refusal: null, state: { equipment: ["halteres"] } });
    // An address made elsewhere holds one: unticking it is always allowed.
    const withBarbell = { ...cardio, equipment: ["barre" as const, "halteres" as const] };
    const untick = applyBuilderAction(withBarbell, { kind: "toggle-equipment", id: "barre" }, lookup, gaps);
    expect(untick).toMatchObject({ refusal: null, state: { equipment: ["halteres"] } });
  });

  it("drops equipment that gives no exercise for the new activity", () => {
    const gaps = { cardio: ["barre", "poulie"] } as const;
    const muscu = state({ type: "muscu", equipment: ["halteres", "barre", "poulie"] });
    const cardio = applyBuilderAction(muscu, { kind: "pick-type", id: "cardio" }, lookup, gaps).state;
    expect(cardio.equipment).toEqual(["halteres"]);
    expect(applyBuilderAction(cardio, { kind: "pick-type", id: "muscu" }, lookup, gaps).state.equipment).toEqual([
      "halteres",
    ]);
  });

  it("drops equipment the new activity does not allow", () => {
    const muscu = state({ type: "muscu", equipment: ["poids-du-corps", "halteres"] });
    expect(run(muscu, { kind: "pick-type", id: "etirement" }).equipment).toEqual(["poids-du-corps"]);
  });

  it("keeps multi-select choices in canonical order", () => {
    const current = run(
      state({ type: "muscu", step: 2, equipment: ["halteres"] }),
      { kind: "toggle-muscle", id: "mollets" },
      { kind: "toggle-muscle", id: "pectoraux" },
      { kind: "toggle-muscle", id: "BICEPS" },
      { kind: "toggle-muscle", id: "inconnu" },
    );
    expect(current.muscles).toEqual(["pectoraux", "biceps", "mollets"]);
    const equipment = run(
      state({ type: "muscu", step: 1 }),
      { kind: "toggle-equipment", id: "poulie" },
      { kind: "toggle-equipment", id: "poids-du-corps" },
    );
    expect(equipment.equipment).toEqual(["poids-du-corps", "poulie"]);
  });

  it("resets dismissals and drops chosen exercises that no longer fit when the choices change", () => {
    const withList = run(
      muscuChestDumbbells,
      { kind: "add", id: "developpe-couche-halteres" },
      { kind: "add", id: "ecarte-halteres" },
      { kind: "dismiss", id: "pompes" },
    );
    expect(withList.dismissed).toEqual(["pompes"]);
    // Biceps added: both chest exercises still fit (one of the muscles), dismissals reset.
    const widened = run(withList, { kind: "toggle-muscle", id: "biceps" });
    expect(widened.chosen).toEqual(["developpe-couche-halteres", "ecarte-halteres"]);
    expect(widened.dismissed).toEqual([]);
    // Chest removed: only biceps left, the bench press (chest, triceps, shoulders) and fly no longer fit.
    const narrowed = run(widened, { kind: "toggle-muscle", id: "pectoraux" });
    expect(narrowed.chosen).toEqual([]);
    // Showing all suggestions lasts until the choices change.
    const all = run(withList, { kind: "more-suggestions" });
    expect(all.allSuggestions).toBe(true);
    expect(run(all, { kind: "toggle-muscle", id: "biceps" }).allSuggestions).toBe(false);
    // Nothing changed: nothing reset.
    const same = applyBuilderAction(withList, { kind: "sort", order: "name" }, lookup).state;
    expect(same.dismissed).toEqual(["pompes"]);
  });
});

describe("proposed list", () => {
  it("adds, removes (which dismisses) and dismisses", () => {
    let current = run(
      muscuChestDumbbells,
      { kind: "add", id: "ecarte-halteres" },
      { kind: "add", id: "ecarte-halteres" },
    );
    expect(current.chosen).toEqual(["ecarte-halteres"]);
    current = run(current, { kind: "remove", id: "ecarte-halteres" });
    expect(current).toMatchObject({ chosen: [], dismissed: ["ecarte-halteres"] });
    current = run(current, { kind: "dismiss", id: "developpe-couche-halteres" }, { kind: "reset-dismissed" });
    expect(current.dismissed).toEqual([]);
    expect(run(current, { kind: "add", id: "inconnu" }).chosen).toEqual([]);
  });

  it("moves a chosen exercise up and down, within the list", () => {
    const list = { ...muscuChestDumbbells, chosen: ["a", "b", "c"] };
    const fake = (id: string) => ({ id, type: ["muscu" as const], muscles: [], equipment: ["halteres" as const] });
    const move = (action: BuilderAction) => applyBuilderAction(list, action, fake).state.chosen;
    expect(move({ kind: "move", id: "b", by: -1 })).toEqual(["b", "a", "c"]);
    expect(move({ kind: "move", id: "b", by: 1 })).toEqual(["a", "c", "b"]);
    expect(move({ kind: "move", id: "a", by: -1 })).toEqual(["a", "b", "c"]);
    expect(move({ kind: "move", id: "c", by: 1 })).toEqual(["a", "b", "c"]);
    expect(move({ kind: "move-to", id: "c", index: 0 })).toEqual(["c", "a", "b"]);
    expect(move({ kind: "move-to", id: "a", index: 99 })).toEqual(["b", "c", "a"]);
  });
});

describe("search mode", () => {
  it("ticks, adds the ticked exercises after the chosen ones, and returns to the builder", () => {
    let current = run({ ...muscuChestDumbbells, chosen: ["pompes"] }, { kind: "open-search" });
    expect(current.mode).toBe("search");
    current = run(current, { kind: "toggle-tick", id: "crawl" }, { kind: "toggle-tick", id: "pompes" });
    expect(current.search.ticked).toEqual(["crawl"]); // already added: not tickable
    current = run(current, { kind: "tick-first", ids: ["pompes", "crawl", "burpees", "souleve-de-terre"] });
    expect(current.search.ticked).toEqual(["crawl", "burpees"]);
    current = run(current, { kind: "confirm-search" });
    expect(current).toMatchObject({ mode: "builder", step: 3, chosen: ["pompes", "crawl", "burpees"] });
    expect(current.search.ticked).toEqual([]);
  });

  it("cancelling adds nothing", () => {
    const current = run(
      muscuChestDumbbells,
      { kind: "open-search" },
      { kind: "toggle-tick", id: "crawl" },
      {
        kind: "cancel-search",
      },
    );
    expect(current).toMatchObject({ mode: "builder", chosen: [] });
  });
});

describe("restart", () => {
  it("clears everything and returns to step 0", () => {
    const current = run({ ...muscuChestDumbbells, chosen: ["pompes"], sessionName: "Jambes" }, { kind: "restart" });
    expect(current).toEqual(initialBuilderState());
  });
});

describe("normalisation of a state from outside", () => {
  it("applies forced choices, drops disallowed equipment and unknown exercises, keeps the step within reach", () => {
    const normalized = normalizeBuilderState(
      state({
        step: 3,
        type: "etirement",
        equipment: ["halteres"],
        muscles: ["pectoraux"],
        chosen: ["pompes", "inconnu", "pompes"],
        dismissed: ["pompes", "crawl"],
        mode: "session",
      }),
      lookup,
    );
    expect(normalized).toMatchObject({
      step: 1,
      equipment: [],
      chosen: ["pompes"],
      dismissed: ["crawl"],
      mode: "session",
    });
    const yoga = normalizeBuilderState(state({ type: "yoga", step: 1 }), lookup);
    expect(yoga).toMatchObject({ step: 3, equipment: ["poids-du-corps"], muscles: [...MUSCLE_ZONES] });
    expect(normalizeBuilderState(state({ mode: "session" }), lookup).mode).toBe("builder");
  });
});

describe("edges of the actions", () => {
  /** Any id of the form exo-N is a dumbbell chest exercise: enough ids for the caps. */
  const many = (id: string) =>
    /^exo-\d+$/.test(id)
      ? { id, type: ["muscu" as const], muscles: ["pectoraux" as const], equipment: ["halteres" as const] }
      : lookup(id);
  const runMany = (from: BuilderState, ...actions: BuilderAction[]) =>
    actions.reduce((current, action) => applyBuilderAction(current, action, many).state, from);

  it("a new type alone resets dismissals and drops the chosen exercises of other kinds", () => {
    const withList = run(
      state({ ...muscuChestDumbbells, equipment: ["poids-du-corps"] }),
      { kind: "add", id: "pompes" },
      { kind: "dismiss", id: "burpees" },
    );
    const cardio = run(withList, { kind: "pick-type", id: "cardio" });
    expect(cardio).toMatchObject({ type: "cardio", equipment: ["poids-du-corps"], muscles: ["pectoraux"] });
    expect(cardio.chosen).toEqual([]);
    expect(cardio.dismissed).toEqual([]);
  });

  it("an action that changes no choice keeps dismissals, chosen exercises and the step", () => {
    const withList = run(
      muscuChestDumbbells,
      { kind: "add", id: "ecarte-halteres" },
      { kind: "dismiss", id: "pompes" },
    );
    for (const action of [
      { kind: "toggle-muscle", id: "nope" },
      { kind: "toggle-equipment", id: "nope" },
      { kind: "pick-type", id: "nope" },
      { kind: "refresh" },
    ] satisfies BuilderAction[]) {
      expect(applyBuilderAction(withList, action, lookup)).toEqual({ state: withList, refusal: null });
    }
  });

  it("leaves the session for the builder once no chosen exercise is left, and only then", () => {
    const session = run(
      muscuChestDumbbells,
      { kind: "add", id: "developpe-couche-halteres" },
      { kind: "add", id: "ecarte-halteres" },
      { kind: "next" },
    );
    expect(session.mode).toBe("session");
    const one = run(session, { kind: "remove", id: "ecarte-halteres" });
    expect(one.mode).toBe("session");
    expect(run(one, { kind: "remove", id: "developpe-couche-halteres" }).mode).toBe("builder");
    // A change of choices that drops every chosen exercise does the same; one that keeps some stays.
    expect(run(session, { kind: "toggle-muscle", id: "biceps" }).mode).toBe("session");
    expect(run(session, { kind: "pick-type", id: "yoga" })).toMatchObject({ mode: "builder", chosen: [] });
  });

  it("ignores equipment toggles while an activity decides the equipment", () => {
    const yoga = run(state(), { kind: "pick-type", id: "yoga" });
    expect(run(yoga, { kind: "toggle-equipment", id: "poids-du-corps" }).equipment).toEqual(["poids-du-corps"]);
    expect(run(yoga, { kind: "toggle-muscle", id: "biceps" }).muscles).toEqual([...MUSCLE_ZONES]);
  });

  it("removing or dismissing what is not there changes nothing; a chosen exercise is not dismissed", () => {
    const withList = run(muscuChestDumbbells, { kind: "add", id: "ecarte-halteres" });
    expect(run(withList, { kind: "remove", id: "pompes" })).toEqual(withList);
    expect(run(withList, { kind: "dismiss", id: "ecarte-halteres" })).toEqual(withList);
    expect(run(withList, { kind: "dismiss", id: "inconnu" })).toEqual(withList);
    expect(run(withList, { kind: "dismiss", id: "pompes" }, { kind: "dismiss", id: "pompes" }).dismissed).toEqual([
      "pompes",
    ]);
    // Adding a dismissed exercise takes it out of the dismissed ones.
    const back = run(withList, { kind: "dismiss", id: "pompes" }, { kind: "add", id: "pompes" });
    expect(back).toMatchObject({ chosen: ["ecarte-halteres", "pompes"], dismissed: [] });
  });

  it("keeps at most MAX_CHOSEN chosen and the latest MAX_DISMISSED dismissed exercises", () => {
    const full = runMany(
      muscuChestDumbbells,
      ...Array.from({ length: MAX_CHOSEN + 2 }, (_, i): BuilderAction => ({ kind: "add", id: `exo-${i}` })),
    );
    expect(full.chosen).toHaveLength(MAX_CHOSEN);
    expect(full.chosen.at(-1)).toBe(`exo-${MAX_CHOSEN - 1}`);
    const dismissed = runMany(
      muscuChestDumbbells,
      ...Array.from({ length: MAX_DISMISSED + 3 }, (_, i): BuilderAction => ({ kind: "dismiss", id: `exo-${i}` })),
    ).dismissed;
    expect(dismissed).toHaveLength(MAX_DISMISSED);
    expect(dismissed[0]).toBe("exo-3");
    expect(dismissed.at(-1)).toBe(`exo-${MAX_DISMISSED + 2}`);
  });

  it("sorts, and confirms only known ticked exercises, taking them out of the dismissed ones", () => {
    expect(run(muscuChestDumbbells, { kind: "sort", order: "difficulty" }).sort).toBe("difficulty");
    const searching = {
      ...muscuChestDumbbells,
      chosen: ["pompes"],
      dismissed: ["crawl", "burpees"],
      mode: "search" as const,
    };
    const ticked = { ...searching, search: { ...searching.search, ticked: ["crawl", "inconnu", "pompes"] } };
    expect(run(ticked, { kind: "confirm-search" })).toMatchObject({
      mode: "builder",
      chosen: ["pompes", "crawl"],
      dismissed: ["burpees"],
    });
    // Full: the ticked ones beyond the cap are left out.
    const fullList = Array.from({ length: MAX_CHOSEN }, (_, i) => `exo-${i}`);
    const full = { ...ticked, chosen: fullList, search: { ...ticked.search, ticked: ["exo-99"] } };
    expect(runMany(full, { kind: "confirm-search" }).chosen).toEqual(fullList);
    // Enter skips an unknown first id.
    expect(run(searching, { kind: "tick-first", ids: ["inconnu", "crawl"] }).search.ticked).toEqual(["crawl"]);
  });

  it("normalises chosen and ticked exercises read from outside: known, once, within their caps", () => {
    const fromOutside = state({
      ...muscuChestDumbbells,
      chosen: [...Array.from({ length: MAX_CHOSEN + 5 }, (_, i) => `exo-${i}`), "exo-0"],
      search: { ...initialBuilderState().search, ticked: ["exo-1", "exo-200", "inconnu", "exo-200"] },
    });
    const normalized = normalizeBuilderState(fromOutside, many);
    expect(normalized.chosen).toEqual(Array.from({ length: MAX_CHOSEN }, (_, i) => `exo-${i}`));
    expect(normalized.search.ticked).toEqual(["exo-200"]);
  });
});

describe("steps of the activities that skip the choices", () => {
  it("counts meditation's forced absence of muscles as the muscle choice", () => {
    expect(stepHasChoice(state({ type: "meditation", equipment: ["poids-du-corps"] }), 2)).toBe(true);
    expect(stepHasChoice(state({ type: "muscu", equipment: ["halteres"] }), 2)).toBe(false);
  });

  it("reaches the proposed list at once, never steps 1 and 2", () => {
    const swimming = state({ type: "natation" });
    expect(furthestReachableStep(swimming)).toBe(3);
    expect([0, 1, 2, 3].map((step) => isStepReachable(swimming, step as 0 | 1 | 2 | 3))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it("moves by one step from a step it would not visit", () => {
    const yoga = run(state(), { kind: "pick-type", id: "yoga" });
    expect(stepAfter({ ...yoga, step: 1 })).toBe(2);
    expect(stepBefore({ ...yoga, step: 2 })).toBe(1);
    expect(stepBefore({ ...yoga, step: 3 })).toBe(0);
  });

  it("has no step after the last one", () => {
    expect(stepAfter({ ...muscuChestDumbbells, chosen: ["ecarte-halteres"] })).toBeNull();
    expect(stepAfter({ ...muscuChestDumbbells, step: 2 })).toBe(3);
  });

  it("implies step 0 without an activity, whatever else was saved", () => {
    expect(impliedStep(state({ equipment: ["halteres"], muscles: ["biceps"] }))).toBe(0);
    expect(impliedStep(state({ type: "muscu", equipment: ["halteres"], muscles: ["biceps"] }))).toBe(2);
  });
});

describe("choices and the chosen exercises", () => {
  it("filters on no kind without an activity", () => {
    expect(choiceFilters(state({ muscles: ["biceps"] }))).toEqual({ kinds: [], muscles: ["biceps"], equipment: [] });
    const chosen = run(muscuChestDumbbells, { kind: "add", id: "ecarte-halteres" });
    const cleared = run(chosen, { kind: "pick-type", id: "muscu" });
    expect(cleared).toMatchObject({ type: null, chosen: ["ecarte-halteres"] });
  });

  it("drops a chosen exercise the catalogue no longer has once the choices change", () => {
    const withUnknown = { ...muscuChestDumbbells, chosen: ["inconnu", "ecarte-halteres"] };
    expect(run(withUnknown, { kind: "toggle-muscle", id: "biceps" }).chosen).toEqual(["ecarte-halteres"]);
  });

  it("stays in search mode when the last chosen exercise goes", () => {
    const searching = { ...muscuChestDumbbells, mode: "search" as const, chosen: ["ecarte-halteres"] };
    expect(run(searching, { kind: "remove", id: "ecarte-halteres" })).toMatchObject({ mode: "search", chosen: [] });
    expect(run(searching, { kind: "pick-type", id: "yoga" })).toMatchObject({ mode: "search", chosen: [] });
  });

  it("returns to the builder when the step indicator is used during the session", () => {
    const session = { ...muscuChestDumbbells, mode: "session" as const, chosen: ["ecarte-halteres"] };
    expect(run(session, { kind: "go-to-step", step: 1 })).toMatchObject({ mode: "builder", step: 1 });
  });

  it("ticks nothing on Enter when every match is already added or ticked", () => {
    const searching = {
      ...muscuChestDumbbells,
      mode: "search" as const,
      chosen: ["pompes"],
      search: { ...initialBuilderState().search, ticked: ["crawl"] },
    };
    const outcome = applyBuilderAction(searching, { kind: "tick-first", ids: ["pompes", "crawl", "inconnu"] }, lookup);
    expect(outcome.state.search.ticked).toEqual(["crawl"]);
  });

  it("keeps the first MAX_TICKED ticked exercises of a state read from outside", () => {
    const ticked = Array.from({ length: MAX_TICKED + 3 }, (_, i) => `exo-${i}`);
    const many = (id: string) =>
      /^exo-\d+$/.test(id)
        ? { id, type: ["muscu" as const], muscles: ["pectoraux" as const], equipment: ["halteres" as const] }
        : undefined;
    const normalized = normalizeBuilderState(
      state({ ...muscuChestDumbbells, search: { ...initialBuilderState().search, ticked } }),
      many,
    );
    expect(normalized.search.ticked).toEqual(ticked.slice(0, MAX_TICKED));
  });
});

describe("toggledTick (the search's checkbox, in the reducer and shown at once on the page)", () => {
  it("ticks, unticks, and keeps at most MAX_TICKED ticked", () => {
    expect(toggledTick(["a"], "b")).toEqual(["a", "b"]);
    expect(toggledTick(["a", "b"], "a")).toEqual(["b"]);
    const full = Array.from({ length: MAX_TICKED }, (_, i) => `exo-${i}`);
    expect(toggledTick(full, "one-more")).toHaveLength(MAX_TICKED);
    expect(toggledTick(full, "exo-0")).toHaveLength(MAX_TICKED - 1);
  });
});
