import { describe, expect, it } from "vitest";
import { testCatalogue } from "~/domain/workout/test-catalogue";
import { builderRequest } from "./builder.server";
import { loadCatalogue } from "./exercise-catalogue.server";

const context = (catalogue = loadCatalogue({ "x/muscu.json": { exercises: testCatalogue } })) => ({
  language: "fr" as const,
  defaultSessionName: "Séance - 01/01/2030",
  now: new Date("2030-01-01"),
  random: () => 0.5,
  catalogue,
});
const describePage = (query: string, ctx = context()) => {
  const outcome = builderRequest(new URL(`http://localhost/exo?${query}`), ctx);
  if ("redirect" in outcome) throw new Error(`redirected to ${outcome.redirect}`);
  return outcome.view;
};

describe("builder service", () => {
  it("says the catalogue is unavailable and still offers every zone", () => {
    const view = describePage("etape=2&type=muscu&equipement=halteres", context(loadCatalogue({})));
    expect(view.catalogue).toBe("unavailable");
    expect(view.muscleOptions).toHaveLength(13);
    const list = describePage("etape=3&type=muscu&equipement=halteres&muscle=pectoraux", context(loadCatalogue({})));
    expect(list.suggestions).toEqual({ ids: [], total: 0 });
  });

  it("offers only the zones that have exercises for the activity and equipment, plus the chosen ones", () => {
    const view = describePage("etape=2&type=muscu&equipement=barre&muscle=mollets");
    expect(view.muscleOptions).toEqual(["dos-inferieur", "fessiers", "cuisses-internes", "mollets"]);
  });

  it("makes its random picks once per page, with the given random source", () => {
    expect(describePage("").picks).toEqual({ greeting: 1, prompts: [1, 1, 1], tip: 5 });
  });
});
