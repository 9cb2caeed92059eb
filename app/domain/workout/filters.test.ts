import { describe, expect, it } from "vitest";
import { type ExerciseFacts, fitsChoices } from "./filters";

const burpees: ExerciseFacts = {
  id: "burpees",
  type: ["hiit", "cardio"],
  muscles: ["cuisses-externes", "pectoraux", "abdos-centre"],
  equipment: ["poids-du-corps"],
};
const breathing: ExerciseFacts = {
  id: "respiration-carree",
  type: ["meditation"],
  muscles: [],
  equipment: ["poids-du-corps"],
};
const none = { kinds: [], muscles: [], equipment: [] };

describe("the builder's filters", () => {
  it("keeps an exercise that has one of the activity's kinds among others", () => {
    expect(fitsChoices(burpees, { ...none, kinds: ["cardio"] })).toBe(true);
    expect(fitsChoices(burpees, { ...none, kinds: ["muscu"] })).toBe(false);
  });

  it("lets an exercise that trains no muscle through any muscle choice", () => {
    expect(fitsChoices(breathing, { ...none, muscles: ["biceps"] })).toBe(true);
    expect(fitsChoices(burpees, { ...none, muscles: ["biceps"] })).toBe(false);
    expect(fitsChoices(burpees, { ...none, muscles: ["biceps", "pectoraux"] })).toBe(true);
  });

  it("needs one of the chosen pieces of equipment", () => {
    expect(fitsChoices(burpees, { ...none, equipment: ["halteres", "poids-du-corps"] })).toBe(true);
    expect(fitsChoices(burpees, { ...none, equipment: ["halteres"] })).toBe(false);
  });
});
