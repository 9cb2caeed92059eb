import { describe, expect, it } from "vitest";
import { testCatalogue } from "~/domain/workout/test-catalogue";
import { ACTIVITY_TYPES, skipsChoiceSteps } from "~/domain/workout/activities";
import { EQUIPMENT_IDS } from "~/domain/workout/catalogue-ids";
import { builderRequest } from "./builder.server";
import { exerciseCatalogue, loadCatalogue } from "./exercise-catalogue.server";

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

  it("never leads to an empty muscle step: every pair of the real catalogue is refused at the equipment step or offers zones", () => {
    const real = context(exerciseCatalogue());
    const refused: string[] = [];
    for (const type of ACTIVITY_TYPES.filter((activity) => !skipsChoiceSteps(activity))) {
      for (const equipment of EQUIPMENT_IDS) {
        const picked = builderRequest(
          new URL(`http://localhost/exo?etape=1&type=${type}&action=equipement%3A${equipment}`),
          real,
        );
        if ("view" in picked) {
          expect(picked.view.refusal, `${type} ${equipment}`).toMatchObject({ activity: type, equipment });
          refused.push(`${type} ${equipment} ${picked.view.refusal!.reason}`);
          continue;
        }
        const muscleStep = describePage(`etape=2&type=${type}&equipement=${equipment}`, real);
        expect(muscleStep.state.step, `${type} ${equipment}`).toBe(2);
        expect(muscleStep.muscleOptions.length, `${type} ${equipment}`).toBeGreaterThan(0);
      }
    }
    // The walkthrough's four dead ends are among the refusals, with their reason.
    expect(refused).toEqual(
      expect.arrayContaining([
        "cardio barre no-exercise",
        "cardio poulie no-exercise",
        "endurance barre no-exercise",
        "endurance poulie no-exercise",
      ]),
    );
  });

  it("tells the page which equipment gives no exercise, and says so on a muscle step reached by an old address", () => {
    const real = context(exerciseCatalogue());
    const view = describePage("etape=1&type=cardio", real);
    expect(view.equipmentGaps.cardio).toEqual(["barre", "poulie"]);
    expect(view.equipmentGaps.muscu).toBeUndefined();
    // A shared link with a barbell for cardio: the muscle step has nothing, the page says so (MuscleStep).
    const stale = describePage("etape=2&type=cardio&equipement=barre", real);
    expect(stale.state.step).toBe(2);
    expect(stale.muscleOptions).toEqual([]);
    // Without a catalogue there is no gap to tell of.
    expect(describePage("etape=1&type=cardio", context(loadCatalogue({}))).equipmentGaps).toEqual({});
  });

  it("makes its random picks once per page, with the given random source", () => {
    expect(describePage("").picks).toEqual({ greeting: 1, prompts: [1, 1, 1], tip: 5 });
  });
});
