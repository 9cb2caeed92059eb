import { describe, expect, it } from "vitest";
import {
  ACTIVITY_MULTIPLIERS,
  CALORIE_LIMITS,
  CALORIE_MESSAGES,
  DEFAULT_FORMULE,
  GOAL_OFFSETS_KCAL,
  KCAL_PER_GRAM,
  MACRO_SPLITS,
  OBJECTIFS,
  computeBmr,
  computeCalorieNeeds,
  harrisBenedictBmr,
  katchMcArdleBmr,
  leanMassKg,
  macrosForCalories,
  mifflinStJeorBmr,
  validateCalorieInput,
} from "./calories.ts";
import type { BodyMetrics, CalorieInput } from "./calories.ts";
import { calorieFormSchema } from "./calories-schema.ts";

/** The reference person of most tests: 70 kg, 175 cm, 30 years. */
const man: BodyMetrics = { sexe: "homme", poids: 70, taille: 175, age: 30 };
const woman: BodyMetrics = { ...man, sexe: "femme" };

function input(overrides: Partial<CalorieInput> = {}): CalorieInput {
  return { ...man, formule: "mifflin", activite: "moyen", objectif: "maintain", ...overrides } as CalorieInput;
}

describe("constants", () => {
  it("hold the spec's numbers", () => {
    expect(ACTIVITY_MULTIPLIERS).toEqual({ faible: 1.2, moyen: 1.55, actif: 1.75, tresactif: 1.9 });
    expect(GOAL_OFFSETS_KCAL).toEqual({ lose: -500, maintain: 0, gain: 500 });
    expect(KCAL_PER_GRAM).toEqual({ glucides: 4, proteines: 4, lipides: 9 });
    expect(MACRO_SPLITS.maintain).toEqual({ glucides: 0.45, proteines: 0.25, lipides: 0.3 });
    expect(MACRO_SPLITS.lose).toEqual({ glucides: 0.35, proteines: 0.35, lipides: 0.3 });
    expect(MACRO_SPLITS.gain).toEqual(MACRO_SPLITS.lose);
    expect(DEFAULT_FORMULE).toBe("mifflin");
  });

  it.each(OBJECTIFS)("the %s macro split sums to 100 %%", (objectif) => {
    const { glucides, proteines, lipides } = MACRO_SPLITS[objectif];
    expect(glucides + proteines + lipides).toBeCloseTo(1, 10);
  });
});

describe("Mifflin-St Jeor", () => {
  it("man: 10w + 6.25h - 5a + 5", () => {
    // 10 x 70 + 6.25 x 175 - 5 x 30 + 5 = 700 + 1093.75 - 150 + 5 = 1648.75
    expect(mifflinStJeorBmr(man)).toBeCloseTo(1648.75, 9);
  });

  it("woman: 10w + 6.25h - 5a - 161", () => {
    // 700 + 1093.75 - 150 - 161 = 1482.75
    expect(mifflinStJeorBmr(woman)).toBeCloseTo(1482.75, 9);
  });

  it("woman, 58 kg, 162.5 cm, 41 years", () => {
    // 580 + 1015.625 - 205 - 161 = 1229.625
    expect(mifflinStJeorBmr({ sexe: "femme", poids: 58, taille: 162.5, age: 41 })).toBeCloseTo(1229.625, 9);
  });
});

describe("Harris-Benedict (standard)", () => {
  it("man: 88.362 + 13.397w + 4.799h - 5.677a", () => {
    // 88.362 + 937.79 + 839.825 - 170.31 = 1695.667
    expect(harrisBenedictBmr(man)).toBeCloseTo(1695.667, 9);
  });

  it("woman: 447.593 + 9.247w + 3.098h - 4.33a", () => {
    // 447.593 + 647.29 + 542.15 - 129.9 = 1507.133
    expect(harrisBenedictBmr(woman)).toBeCloseTo(1507.133, 9);
  });

  it("man, 95.5 kg, 182.5 cm, 47 years", () => {
    // 88.362 + 13.397 x 95.5 + 4.799 x 182.5 - 5.677 x 47
    // = 88.362 + 1279.4135 + 875.8175 - 266.819 = 1976.774
    expect(harrisBenedictBmr({ sexe: "homme", poids: 95.5, taille: 182.5, age: 47 })).toBeCloseTo(1976.774, 9);
  });
});

describe("Katch-McArdle", () => {
  it("lean mass is weight x (1 - body fat / 100)", () => {
    // 70 x (1 - 0.20) = 56
    expect(leanMassKg(70, 20)).toBeCloseTo(56, 9);
    // 90 x (1 - 0.25) = 67.5
    expect(leanMassKg(90, 25)).toBeCloseTo(67.5, 9);
    // 50 x (1 - 0.70) = 15
    expect(leanMassKg(50, 70)).toBeCloseTo(15, 9);
  });

  it("BMR is 370 + 21.6 x lean mass", () => {
    // 370 + 21.6 x 56 = 370 + 1209.6 = 1579.6
    expect(katchMcArdleBmr(70, 20)).toBeCloseTo(1579.6, 9);
    // 370 + 21.6 x 67.5 = 370 + 1458 = 1828
    expect(katchMcArdleBmr(90, 25)).toBeCloseTo(1828, 9);
  });

  it("ignores sex, height and age", () => {
    const forMan = computeBmr(input({ ...man, formule: "katch", masseGrasse: 20 }));
    const forWoman = computeBmr(
      input({ sexe: "femme", poids: 70, taille: 150, age: 70, formule: "katch", masseGrasse: 20 }),
    );
    expect(forMan).toBeCloseTo(1579.6, 9);
    expect(forWoman).toBe(forMan);
  });
});

describe("computeBmr", () => {
  it.each([
    ["standard", man, 1695.667],
    ["standard", woman, 1507.133],
    ["mifflin", man, 1648.75],
    ["mifflin", woman, 1482.75],
  ] as const)("dispatches %s for a %o", (formule, metrics, expected) => {
    expect(computeBmr(input({ ...metrics, formule }))).toBeCloseTo(expected, 9);
  });

  it("ignores body fat outside Katch-McArdle", () => {
    expect(computeBmr(input({ formule: "mifflin", masseGrasse: 30 }))).toBeCloseTo(1648.75, 9);
  });
});

describe("macrosForCalories", () => {
  it("maintain splits 45/25/30 (2000 kcal -> 225 g, 125 g, 67 g)", () => {
    // 2000 x 0.45 / 4 = 225; 2000 x 0.25 / 4 = 125; 2000 x 0.30 / 9 = 66.67 -> 67
    expect(macrosForCalories(2000, "maintain")).toEqual({ glucides: 225, proteines: 125, lipides: 67 });
  });

  it.each(["lose", "gain"] as const)("%s splits 35/35/30 (2000 kcal -> 175 g, 175 g, 67 g)", (objectif) => {
    // 2000 x 0.35 / 4 = 175; 2000 x 0.30 / 9 = 66.67 -> 67
    expect(macrosForCalories(2000, objectif)).toEqual({ glucides: 175, proteines: 175, lipides: 67 });
  });

  it("rounds to whole grams, halves up", () => {
    // 2556 x 0.45 / 4 = 287.55 -> 288; 2556 x 0.25 / 4 = 159.75 -> 160; 2556 x 0.3 / 9 = 85.2 -> 85
    expect(macrosForCalories(2556, "maintain")).toEqual({ glucides: 288, proteines: 160, lipides: 85 });
    // 10 x 0.25 / 4 = 0.625 -> 1; 10 x 0.45 / 4 = 1.125 -> 1; 10 x 0.3 / 9 = 0.33 -> 0
    expect(macrosForCalories(10, "maintain")).toEqual({ glucides: 1, proteines: 1, lipides: 0 });
  });

  it("gives zero grams for zero calories", () => {
    expect(macrosForCalories(0, "lose")).toEqual({ glucides: 0, proteines: 0, lipides: 0 });
  });
});

describe("computeCalorieNeeds", () => {
  it.each([
    // Mifflin man, BMR 1648.75
    ["faible", "1648.75 x 1.2 = 1978.5", 1979],
    ["moyen", "1648.75 x 1.55 = 2555.5625", 2556],
    ["actif", "1648.75 x 1.75 = 2885.3125", 2885],
    ["tresactif", "1648.75 x 1.9 = 3132.625", 3133],
  ] as const)("activity %s: %s -> %d kcal", (activite, _arithmetic, maintenance) => {
    const needs = computeCalorieNeeds(input({ activite }));
    expect(needs.bmr).toBe(1649);
    expect(needs.maintenance).toBe(maintenance);
    expect(needs.goals.maintain.calories).toBe(maintenance);
  });

  it("applies each goal's offset to maintenance, with its macro split", () => {
    // Maintenance 2556 (see above).
    const needs = computeCalorieNeeds(input({ activite: "moyen", objectif: "maintain" }));
    expect(needs.goals).toEqual({
      // 2556 - 500 = 2056: 2056 x 0.35 / 4 = 179.9 -> 180; 2056 x 0.3 / 9 = 68.53 -> 69
      lose: { objectif: "lose", calories: 2056, macros: { glucides: 180, proteines: 180, lipides: 69 } },
      // 2556: 287.55 -> 288; 159.75 -> 160; 85.2 -> 85
      maintain: { objectif: "maintain", calories: 2556, macros: { glucides: 288, proteines: 160, lipides: 85 } },
      // 2556 + 500 = 3056: 3056 x 0.35 / 4 = 267.4 -> 267; 3056 x 0.3 / 9 = 101.87 -> 102
      gain: { objectif: "gain", calories: 3056, macros: { glucides: 267, proteines: 267, lipides: 102 } },
    });
  });

  it.each(OBJECTIFS)("marks %s as the chosen goal and still gives every goal", (objectif) => {
    const needs = computeCalorieNeeds(input({ objectif }));
    expect(needs.objectif).toBe(objectif);
    expect(needs.chosen).toEqual(needs.goals[objectif]);
    expect(Object.keys(needs.goals).toSorted()).toEqual(["gain", "lose", "maintain"]);
  });

  it("Harris-Benedict woman, actif", () => {
    // BMR 1507.133 -> 1507; x 1.75 = 2637.48275 -> 2637; lose 2137, gain 3137
    const needs = computeCalorieNeeds(input({ ...woman, formule: "standard", activite: "actif", objectif: "lose" }));
    expect(needs).toMatchObject({ formule: "standard", bmr: 1507, maintenance: 2637, leanMassKg: null });
    expect(needs.chosen.calories).toBe(2137);
    expect(needs.goals.gain.calories).toBe(3137);
  });

  it("Harris-Benedict man, moyen", () => {
    // BMR 1695.667 -> 1696; x 1.55 = 2628.28 -> 2628
    const needs = computeCalorieNeeds(input({ formule: "standard", activite: "moyen" }));
    expect(needs).toMatchObject({ bmr: 1696, maintenance: 2628 });
  });

  it("computes maintenance from the exact BMR, not the rounded one", () => {
    // Mifflin woman 58 kg, 162.5 cm, 41 years: BMR 1229.625 -> 1230.
    // Exact: 1229.625 x 1.75 = 2151.84 -> 2152; from the rounded BMR it would be 1230 x 1.75 = 2152.5 -> 2153.
    const needs = computeCalorieNeeds(
      input({ sexe: "femme", poids: 58, taille: 162.5, age: 41, formule: "mifflin", activite: "actif" }),
    );
    expect(needs.bmr).toBe(1230);
    expect(needs.maintenance).toBe(2152);
  });

  it("Katch-McArdle: lean mass, BMR and goals", () => {
    // Lean mass 70 x 0.8 = 56 kg; BMR 370 + 21.6 x 56 = 1579.6 -> 1580;
    // x 1.2 = 1895.52 -> 1896; gain 2396: 2396 x 0.35 / 4 = 209.65 -> 210, 2396 x 0.3 / 9 = 79.87 -> 80
    const needs = computeCalorieNeeds(
      input({ formule: "katch", masseGrasse: 20, activite: "faible", objectif: "gain" }),
    );
    expect(needs).toMatchObject({ formule: "katch", bmr: 1580, maintenance: 1896, leanMassKg: 56, objectif: "gain" });
    expect(needs.chosen).toEqual({
      objectif: "gain",
      calories: 2396,
      macros: { glucides: 210, proteines: 210, lipides: 80 },
    });
  });

  it("rounds the lean mass to one decimal", () => {
    // 73.3 x (1 - 0.187) = 59.5929 -> 59.6
    expect(computeCalorieNeeds(input({ poids: 73.3, formule: "katch", masseGrasse: 18.7 })).leanMassKg).toBe(59.6);
  });

  it("never goes below 0 kcal at the absurd corner of the accepted ranges", () => {
    // Mifflin woman 30 kg, 100 cm, 120 years: 300 + 625 - 600 - 161 = 164; x 1.2 = 196.8 -> 197; 197 - 500 < 0
    const needs = computeCalorieNeeds(
      input({ sexe: "femme", poids: 30, taille: 100, age: 120, activite: "faible", objectif: "lose" }),
    );
    expect(needs.maintenance).toBe(197);
    expect(needs.chosen).toEqual({ objectif: "lose", calories: 0, macros: { glucides: 0, proteines: 0, lipides: 0 } });
    expect(needs.goals.gain.calories).toBe(697);
  });

  it("rejects Katch-McArdle without body fat at the type level", () => {
    // @ts-expect-error Katch-McArdle needs masseGrasse.
    const withoutBodyFat: CalorieInput = { ...man, formule: "katch", activite: "moyen", objectif: "lose" };
    expect(withoutBodyFat.formule).toBe("katch");
  });
});

describe("validateCalorieInput", () => {
  /** A complete form as the browser sends it. */
  const form = {
    sexe: "homme",
    poids: "70",
    taille: "175",
    age: "30",
    formule: "mifflin",
    masseGrasse: "",
    activite: "moyen",
    objectif: "maintain",
  };

  function errorsFor(overrides: Record<string, unknown>) {
    const result = validateCalorieInput({ ...form, ...overrides });
    if (result.ok) throw new Error(`expected errors for ${JSON.stringify(overrides)}`);
    return result.errors;
  }

  function valueFor(overrides: Record<string, unknown>) {
    const result = validateCalorieInput({ ...form, ...overrides });
    if (!result.ok) throw new Error(`unexpected errors ${JSON.stringify(result.errors)}`);
    return result.value;
  }

  it("turns a complete form into a CalorieInput, dropping the unused body fat", () => {
    expect(validateCalorieInput(form)).toEqual({
      ok: true,
      value: {
        sexe: "homme",
        poids: 70,
        taille: 175,
        age: 30,
        formule: "mifflin",
        activite: "moyen",
        objectif: "maintain",
      },
    });
  });

  it("reads decimal commas", () => {
    expect(valueFor({ poids: "70,5", taille: "175,5" })).toMatchObject({ poids: 70.5, taille: 175.5 });
  });

  it("accepts a JSON body with numbers", () => {
    const value = valueFor({ poids: 70.5, taille: 180, age: 44, formule: "katch", masseGrasse: 18 });
    expect(value).toMatchObject({ poids: 70.5, taille: 180, age: 44, formule: "katch", masseGrasse: 18 });
  });

  it("defaults the formula to mifflin when missing or blank", () => {
    const { formule: _omitted, ...withoutFormula } = form;
    expect(validateCalorieInput(withoutFormula)).toMatchObject({ ok: true, value: { formule: "mifflin" } });
    expect(valueFor({ formule: "" }).formule).toBe("mifflin");
  });

  it.each(["standard", "mifflin"])("ignores a leftover invalid body fat with %s", (formule) => {
    expect(valueFor({ formule, masseGrasse: "abc" })).not.toHaveProperty("masseGrasse");
    expect(valueFor({ formule, masseGrasse: "20" })).not.toHaveProperty("masseGrasse");
  });

  describe("taille (100-300 cm, step 0.5)", () => {
    it.each(["100", "300", "175,5", "175.5", "100,0", "299.5"])("accepts %j", (taille) => {
      expect(validateCalorieInput({ ...form, taille }).ok).toBe(true);
    });

    it.each(["99,5", "99.9", "300,5", "300.1", "0"])("rejects %j as out of range", (taille) => {
      expect(errorsFor({ taille })).toEqual({ taille: "tailleHorsLimites" });
    });

    it.each(["175,3", "175.25", "175.75", "100.1"])("rejects %j as off the 0.5 step", (taille) => {
      expect(errorsFor({ taille })).toEqual({ taille: "taillePas" });
    });

    it.each(["", "abc", "1e2", "17,5,5", undefined])("rejects %j as not a number", (taille) => {
      expect(errorsFor({ taille })).toEqual({ taille: "tailleInvalide" });
    });
  });

  // From 30 kg: a light adult or a teenager gets a result (README, "Decisions").
  describe("poids (30-500 kg)", () => {
    it.each(["30", "45", "49,9", "500", "70,25"])("accepts %j", (poids) => {
      expect(validateCalorieInput({ ...form, poids }).ok).toBe(true);
    });

    it.each(["29,9", "500.1", "0"])("rejects %j as out of range", (poids) => {
      expect(errorsFor({ poids })).toEqual({ poids: "poidsHorsLimites" });
    });

    it.each(["", "soixante-dix", "-70", null])("rejects %j as not a number", (poids) => {
      expect(errorsFor({ poids })).toEqual({ poids: "poidsInvalide" });
    });
  });

  describe("age (12-120 years, whole)", () => {
    it.each(["12", "120", "45"])("accepts %j", (age) => {
      expect(validateCalorieInput({ ...form, age }).ok).toBe(true);
    });

    it.each(["11", "121", "1990"])("rejects %j as out of range", (age) => {
      expect(errorsFor({ age })).toEqual({ age: "ageHorsLimites" });
    });

    it.each(["30,5", "12.5"])("rejects %j as not a whole number of years", (age) => {
      expect(errorsFor({ age })).toEqual({ age: "ageEntier" });
    });

    it.each(["", "trente"])("rejects %j as not a number", (age) => {
      expect(errorsFor({ age })).toEqual({ age: "ageInvalide" });
    });
  });

  describe("masseGrasse with katch (8-70 %, required)", () => {
    it.each(["8", "70", "20,5"])("accepts %j", (masseGrasse) => {
      expect(valueFor({ formule: "katch", masseGrasse })).toMatchObject({ formule: "katch" });
    });

    it("keeps the parsed body fat", () => {
      expect(valueFor({ formule: "katch", masseGrasse: "20,5" })).toMatchObject({ masseGrasse: 20.5 });
    });

    it.each(["", "   ", undefined, null])("requires it (%j)", (masseGrasse) => {
      expect(errorsFor({ formule: "katch", masseGrasse })).toEqual({
        masseGrasse: "masseGrasseRequise",
      });
    });

    it("requires it when the key is missing altogether", () => {
      const { masseGrasse: _omitted, ...withoutBodyFat } = form;
      expect(validateCalorieInput({ ...withoutBodyFat, formule: "katch" })).toEqual({
        ok: false,
        errors: { masseGrasse: "masseGrasseRequise" },
      });
    });

    it.each(["7,9", "70.1", "0", "100"])("rejects %j as out of range", (masseGrasse) => {
      expect(errorsFor({ formule: "katch", masseGrasse })).toEqual({
        masseGrasse: "masseGrasseHorsLimites",
      });
    });

    it.each(["abc", "20%", "2e1"])("rejects %j as not a number", (masseGrasse) => {
      expect(errorsFor({ formule: "katch", masseGrasse })).toEqual({
        masseGrasse: "masseGrasseInvalide",
      });
    });
  });

  describe("choices", () => {
    it.each([
      ["sexe", "", "sexe"],
      ["sexe", "autre", "sexe"],
      ["sexe", "Homme", "sexe"],
      ["sexe", undefined, "sexe"],
      ["formule", "harris", "formule"],
      ["formule", 1, "formule"],
      ["activite", "", "activite"],
      ["activite", "tres-actif", "activite"],
      ["objectif", "", "objectif"],
      ["objectif", "perdre", "objectif"],
    ])("rejects %s = %j", (field, value, message) => {
      expect(errorsFor({ [field]: value })).toEqual({ [field]: message });
    });

    it.each([
      ["sexe", "femme"],
      ["activite", "faible"],
      ["activite", "actif"],
      ["activite", "tresactif"],
      ["objectif", "lose"],
      ["objectif", "gain"],
      ["formule", "standard"],
    ])("accepts %s = %j", (field, value) => {
      expect(valueFor({ [field]: value })).toMatchObject({ [field]: value });
    });
  });

  it("reports every failing field at once, body fat included", () => {
    expect(
      errorsFor({ sexe: "", poids: "7", taille: "175,3", age: "", formule: "katch", masseGrasse: "", activite: "x" }),
    ).toEqual({
      sexe: "sexe",
      poids: "poidsHorsLimites",
      taille: "taillePas",
      age: "ageInvalide",
      masseGrasse: "masseGrasseRequise",
      activite: "activite",
    });
  });

  it("does not judge the body fat when the formula itself is invalid", () => {
    expect(errorsFor({ formule: "katsch", masseGrasse: "" })).toEqual({ formule: "formule" });
  });

  it.each([
    ["an empty object", {}],
    ["null", null],
    ["a string", "poids=70"],
    ["an array", []],
  ])("reads %s as an empty form, every required field reporting", (_label, raw) => {
    expect(validateCalorieInput(raw)).toEqual({
      ok: false,
      errors: {
        sexe: "sexe",
        poids: "poidsInvalide",
        taille: "tailleInvalide",
        age: "ageInvalide",
        activite: "activite",
        objectif: "objectif",
      },
    });
  });
});

describe("calorieFormSchema", () => {
  it("parses FormData entries", () => {
    const formData = new FormData();
    const fields = {
      sexe: "femme",
      poids: "62,5",
      taille: "168",
      age: "29",
      formule: "katch",
      masseGrasse: "24",
      activite: "actif",
      objectif: "lose",
    };
    for (const [name, value] of Object.entries(fields)) formData.append(name, value);
    expect(calorieFormSchema.parse(Object.fromEntries(formData))).toEqual({
      sexe: "femme",
      poids: 62.5,
      taille: 168,
      age: 29,
      formule: "katch",
      masseGrasse: 24,
      activite: "actif",
      objectif: "lose",
    });
  });

  it("puts each message on its field's path", () => {
    const result = calorieFormSchema.safeParse({
      sexe: "homme",
      poids: "29",
      taille: "180",
      age: "30",
      activite: "moyen",
      objectif: "gain",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["poids"], message: "poidsHorsLimites" },
    ]);
  });

  it("puts the missing body fat on the masseGrasse path", () => {
    const result = calorieFormSchema.safeParse({
      sexe: "homme",
      poids: "70",
      taille: "180",
      age: "30",
      formule: "katch",
      activite: "moyen",
      objectif: "gain",
    });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ["masseGrasse"], message: "masseGrasseRequise" },
    ]);
  });

  it("answers a body that is not an object in French", () => {
    const result = calorieFormSchema.safeParse("nope");
    expect(result.error?.issues[0]?.message).toBe("formulaireInvalide");
  });

  it("feeds computeCalorieNeeds directly", () => {
    const value = calorieFormSchema.parse({
      sexe: "homme",
      poids: "70",
      taille: "175",
      age: "30",
      activite: "moyen",
      objectif: "lose",
    });
    expect(computeCalorieNeeds(value).chosen.calories).toBe(2056);
  });
});

describe("CALORIE_MESSAGES and CALORIE_LIMITS", () => {
  it("state the limits they enforce", () => {
    expect(CALORIE_LIMITS).toEqual({
      taille: { min: 100, max: 300, step: 0.5 },
      poids: { min: 30, max: 500 },
      age: { min: 12, max: 120 },
      masseGrasse: { min: 8, max: 70 },
    });
    expect(CALORIE_MESSAGES.tailleHorsLimites).toBe("Taille entre 100 et 300 cm (pas de 0,5).");
    expect(CALORIE_MESSAGES.poidsHorsLimites).toBe("Poids entre 30 et 500 kg.");
    expect(CALORIE_MESSAGES.ageHorsLimites).toBe("Âge entre 12 et 120 ans.");
    expect(CALORIE_MESSAGES.masseGrasseHorsLimites).toBe("Masse grasse entre 8 et 70 %.");
  });

  it("are all distinct, non-empty French sentences", () => {
    const messages = Object.values(CALORIE_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) expect(message).toMatch(/^[A-ZÂ].*\.$/);
  });
});

describe("calorie bodies that are not objects", () => {
  const issuesOf = (body: unknown) =>
    calorieFormSchema.safeParse(body).error?.issues.map((issue) => ({
      code: issue.code,
      path: issue.path,
      message: issue.message,
    }));

  it("answers one issue without a path in the schema", () => {
    for (const body of ["nope", null, [{ sexe: "homme" }]]) {
      expect(issuesOf(body)).toEqual([{ code: "custom", path: [], message: "formulaireInvalide" }]);
    }
  });

  it("gives field issues the custom code on their path", () => {
    expect(issuesOf({ sexe: "homme", poids: "70", taille: "175", age: "30", activite: "moyen" })).toEqual([
      { code: "custom", path: ["objectif"], message: "objectif" },
    ]);
  });

  it("are read as an empty form by the browser's rules", () => {
    const empty = validateCalorieInput({});
    expect(empty.ok).toBe(false);
    for (const body of [null, undefined, "nope", [1, 2]]) expect(validateCalorieInput(body)).toEqual(empty);
  });
});
