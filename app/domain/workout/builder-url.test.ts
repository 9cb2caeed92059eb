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
