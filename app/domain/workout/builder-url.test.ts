import { describe, expect, it } from "vitest";
import { builderHref, builderParams, formatBuilderAction, parseBuilderAction, parseBuilderParams } from "./builder-url";
import { type BuilderAction, initialBuilderState } from "./builder-state";

const parse = (query: string) => parseBuilderParams(new URLSearchParams(query));

describe("builder state in the address", () => {
  it("reads the state and writes it back canonically", () => {
    const state = parse(
      "etape=3&type=muscu&equipement=poulie&equipement=halteres&muscle=mollets&muscle=BICEPS&choix=pompes&choix=crawl&ecarte=burpees&nom=Jambes&tri=nom&plus=1",
    );
    expect(state).toMatchObject({
      step: 3,
      type: "muscu",
      equipment: ["halteres", "poulie"],
      muscles: ["biceps", "mollets"],
      chosen: ["pompes", "crawl"],
      dismissed: ["burpees"],
      sessionName: "Jambes",
      sort: "name",
      allSuggestions: true,
      mode: "builder",
    });
    expect(builderParams(state).toString()).toBe(
      "etape=3&type=muscu&equipement=halteres&equipement=poulie&muscle=biceps&muscle=mollets&choix=pompes&choix=crawl&ecarte=burpees&nom=Jambes&tri=nom&plus=1",
    );
  });

  it("drops unknown and malformed values without failing", () => {
    const state = parse(
      "etape=9&type=boxe&equipement=elastique&muscle=nez&choix=..%2Fetc&choix=ok-1&mode=fete&tri=hasard&niveau-min=5&ftype=danse",
    );
    expect(state).toEqual({ ...initialBuilderState(), chosen: ["ok-1"] });
  });

  it("keeps the order of chosen exercises and each id once", () => {
    expect(parse("choix=b&choix=a&choix=b").chosen).toEqual(["b", "a"]);
  });

  it("writes nothing for the initial state, and the search only in search mode", () => {
    expect(builderHref(initialBuilderState())).toBe("/exo");
    const search = parse("mode=recherche&q=curl&ftype=muscu&fmuscle=biceps&fequipement=halteres&coche=pompes");
    expect(search.search).toEqual({
      text: "curl",
      kind: "muscu",
      muscle: "biceps",
      equipment: "halteres",
      ticked: ["pompes"],
    });
    expect(builderHref(search)).toBe(
      "/exo?mode=recherche&q=curl&ftype=muscu&fmuscle=biceps&fequipement=halteres&coche=pompes",
    );
    expect(builderHref({ ...search, mode: "builder" })).toBe("/exo");
  });

  it("keeps a session's routine in the session's address only, and only an id that can be one", () => {
    const routine = "0123456789abcdef01234567";
    const session = parse(`mode=seance&choix=pompes&routine=${routine}`);
    expect(session.routine).toBe(routine);
    expect(builderHref(session)).toBe(`/exo?mode=seance&choix=pompes&routine=${routine}`);
    // Back in the builder the exercises are the user's own again: the routine leaves the address.
    expect(builderHref({ ...session, mode: "builder" })).toBe("/exo?choix=pompes");
    for (const bad of ["nope", "0123456789ABCDEF01234567", `${routine}0`, "%7B%24gt%7D"]) {
      expect(parse(`mode=seance&choix=pompes&routine=${bad}`).routine).toBeNull();
    }
  });

  it("cleans the session name and the search text", () => {
    expect(parse(`nom=${encodeURIComponent("  Haut\u0000 du corps ")}`).sessionName).toBe("Haut  du corps");
    expect(parse(`nom=${"x".repeat(200)}`).sessionName).toHaveLength(80);
  });

  it("reads level bounds in order and tags", () => {
    expect(parse("niveau-min=3&niveau-max=1&tag=cardio-doux&sans-tag=saut").refinements).toEqual({
      minLevel: 1,
      maxLevel: 3,
      includeTags: ["cardio-doux"],
      excludeTags: ["saut"],
    });
  });
});

describe("actions in the address", () => {
  const actions: BuilderAction[] = [
    { kind: "pick-type", id: "natation" },
    { kind: "toggle-equipment", id: "halteres" },
    { kind: "toggle-muscle", id: "pectoraux" },
    { kind: "go-to-step", step: 2 },
    { kind: "next" },
    { kind: "previous" },
    { kind: "restart" },
    { kind: "add", id: "pompes" },
    { kind: "remove", id: "pompes" },
    { kind: "dismiss", id: "pompes" },
    { kind: "move", id: "pompes", by: -1 },
    { kind: "move", id: "pompes", by: 1 },
    { kind: "move-to", id: "pompes", index: 2 },
    { kind: "reset-dismissed" },
    { kind: "more-suggestions" },
    { kind: "sort", order: "difficulty" },
    { kind: "open-search" },
    { kind: "cancel-search" },
    { kind: "confirm-search" },
    { kind: "toggle-tick", id: "crawl" },
    { kind: "back-to-builder" },
    { kind: "refresh" },
  ];

  it("round-trips every action a button can send", () => {
    for (const action of actions) expect(parseBuilderAction(formatBuilderAction(action))).toEqual(action);
  });

  it("reads the upper-case zone ids in a muscle action", () => {
    expect(parseBuilderAction("muscle:HAMSTRINGS")).toEqual({ kind: "toggle-muscle", id: "cuisses-internes" });
  });

  it("rejects malformed actions", () => {
    for (const value of [
      "",
      "danser",
      "type:boxe",
      "etape:7",
      "etape:",
      "deplacer:pompes:gauche",
      "ajouter:../x",
      "suivant:1",
      "cocher-premier",
    ]) {
      expect(parseBuilderAction(value)).toBeNull();
    }
    expect(parseBuilderAction(null)).toBeNull();
  });
});

describe("edges of the address", () => {
  it("keeps exercise ids up to 100 characters, each once, and at most 40 chosen", () => {
    const longest = "a".repeat(100);
    expect(parse(`choix=${longest}&choix=${"b".repeat(101)}`).chosen).toEqual([longest]);
    const many = Array.from({ length: 45 }, (_, index) => `exo-${index}`);
    const chosen = parse(many.map((id) => `choix=${id}`).join("&")).chosen;
    expect(chosen).toHaveLength(40);
    expect(chosen.at(-1)).toBe("exo-39");
  });

  it("reads a level only as a single digit from 1 to 3, spaces around it allowed", () => {
    expect(parse("niveau-min=13&niveau-max=31").refinements).toMatchObject({ minLevel: null, maxLevel: null });
    expect(parse(`niveau-min=${encodeURIComponent(" 2 ")}`).refinements.minLevel).toBe(2);
  });

  it("swaps the level bounds only when both are given and in the wrong order", () => {
    expect(parse("niveau-min=2").refinements).toMatchObject({ minLevel: 2, maxLevel: null });
    expect(parse("niveau-max=2").refinements).toMatchObject({ minLevel: null, maxLevel: 2 });
    expect(parse("niveau-min=1&niveau-max=3").refinements).toMatchObject({ minLevel: 1, maxLevel: 3 });
    expect(parse("niveau-min=3&niveau-max=2").refinements).toMatchObject({ minLevel: 2, maxLevel: 3 });
  });

  it("turns the delete character into a space like the other control characters", () => {
    expect(parse(`q=${encodeURIComponent("curl\u007fbarre")}`).search.text).toBe("curl barre");
  });

  it("writes level bounds and tags back, after the rest", () => {
    const state = parse("niveau-min=1&niveau-max=2&tag=cardio-doux&tag=sol&sans-tag=saut");
    expect(builderHref(state)).toBe("/exo?niveau-min=1&niveau-max=2&tag=cardio-doux&tag=sol&sans-tag=saut");
    expect(builderHref(parse("niveau-max=3"))).toBe("/exo?niveau-max=3");
  });

  it("keeps an empty search out of the address in search mode", () => {
    expect(builderHref({ ...initialBuilderState(), mode: "search" })).toBe("/exo?mode=recherche");
  });
});

describe("edges of the actions in the address", () => {
  it("accepts an action of 200 characters, not longer", () => {
    const id = "a".repeat(192);
    expect(parseBuilderAction(`ajouter:${id}`)).toEqual({ kind: "add", id });
    expect(parseBuilderAction(`ajouter:${id}a`)).toBeNull();
  });

  it("maps the upper-case zone ids only for the muscle toggle", () => {
    expect(parseBuilderAction("ajouter:BICEPS")).toEqual({ kind: "add", id: "BICEPS" });
    expect(parseBuilderAction("muscle:BICEPS")).toEqual({ kind: "toggle-muscle", id: "biceps" });
  });

  it("needs a valid id to move an exercise", () => {
    expect(parseBuilderAction("deplacer:Mauvais_Id:haut")).toBeNull();
    expect(parseBuilderAction("placer:Mauvais_Id:2")).toBeNull();
  });

  it("places an exercise only at a position of one to three digits", () => {
    expect(parseBuilderAction("placer:pompes:12")).toEqual({ kind: "move-to", id: "pompes", index: 12 });
    expect(parseBuilderAction("placer:pompes:123")).toEqual({ kind: "move-to", id: "pompes", index: 123 });
    for (const value of [
      "placer:pompes:x",
      "placer:pompes:a1",
      "placer:pompes:1a",
      "placer:pompes:1234",
      "placer:pompes",
    ])
      expect(parseBuilderAction(value)).toBeNull();
  });
});
