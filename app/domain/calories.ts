// Daily calorie needs: basal metabolic rate (BMR) by one of three formulas,
// times an activity multiplier, shifted by the goal, split into macros.
//
// Rounding happens once, at the end: the BMR and the maintenance level are
// kept exact while computing and rounded to whole kcal for display, and the
// macros are derived from the rounded daily calories so the grams shown add
// up to the kcal shown (within a gram of rounding).

import { readNumberInput, roundTo } from "./numbers.ts";

// ---------------------------------------------------------------------------
// Choices

export const SEXES = ["homme", "femme"] as const;
export type Sexe = (typeof SEXES)[number];

/** standard = Harris-Benedict (revised 1984), mifflin = Mifflin-St Jeor, katch = Katch-McArdle. */
export const FORMULES = ["standard", "mifflin", "katch"] as const;
export type Formule = (typeof FORMULES)[number];

/** Mifflin-St Jeor is the recommended formula, hence the default. */
export const DEFAULT_FORMULE: Formule = "mifflin";

export const ACTIVITES = ["faible", "moyen", "actif", "tresactif"] as const;
export type Activite = (typeof ACTIVITES)[number];

export const OBJECTIFS = ["lose", "maintain", "gain"] as const;
export type Objectif = (typeof OBJECTIFS)[number];

export const MACROS = ["glucides", "proteines", "lipides"] as const;
export type Macro = (typeof MACROS)[number];

// ---------------------------------------------------------------------------
// Constants of the spec

/** Multiplies the BMR to give the maintenance calories. */
export const ACTIVITY_MULTIPLIERS: Readonly<Record<Activite, number>> = {
  faible: 1.2,
  moyen: 1.55,
  actif: 1.75,
  tresactif: 1.9,
};

/**
 * Daily kcal added to maintenance for each goal. 500 kcal a day is about
 * 3,500 kcal a week, the usual 0.5-1 kg per week pace the spec quotes.
 */
export const GOAL_OFFSETS_KCAL: Readonly<Record<Objectif, number>> = {
  lose: -500,
  maintain: 0,
  gain: 500,
};

/** Share of the daily calories given to each macro; each split sums to 1. */
export const MACRO_SPLITS: Readonly<Record<Objectif, Readonly<Record<Macro, number>>>> = {
  lose: { glucides: 0.35, proteines: 0.35, lipides: 0.3 },
  maintain: { glucides: 0.45, proteines: 0.25, lipides: 0.3 },
  gain: { glucides: 0.35, proteines: 0.35, lipides: 0.3 },
};

export const KCAL_PER_GRAM: Readonly<Record<Macro, number>> = {
  glucides: 4,
  proteines: 4,
  lipides: 9,
};

/** Mifflin-St Jeor: 10w + 6.25h - 5a, then +5 for men, -161 for women. */
export const MIFFLIN_ST_JEOR = {
  perKg: 10,
  perCm: 6.25,
  perYear: 5,
  sexOffset: { homme: 5, femme: -161 },
} as const;

/** Harris-Benedict as revised by Roza and Shizgal (1984), the coefficients of the spec. */
export const HARRIS_BENEDICT = {
  homme: { base: 88.362, perKg: 13.397, perCm: 4.799, perYear: 5.677 },
  femme: { base: 447.593, perKg: 9.247, perCm: 3.098, perYear: 4.33 },
} as const;

/** Katch-McArdle: 370 + 21.6 x lean body mass (kg); sex, height and age play no part. */
export const KATCH_MCARDLE = { base: 370, perLeanKg: 21.6 } as const;

// ---------------------------------------------------------------------------
// Input

export interface BodyMetrics {
  sexe: Sexe;
  /** Weight in kg. */
  poids: number;
  /** Height in cm. */
  taille: number;
  /** Age in years. */
  age: number;
}

/**
 * A validated calorie form. Body fat (% of body weight) is required by the
 * type for Katch-McArdle and ignored by the other formulas.
 */
export type CalorieInput = BodyMetrics & {
  activite: Activite;
  objectif: Objectif;
} & ({ formule: "standard" | "mifflin"; masseGrasse?: number | undefined } | { formule: "katch"; masseGrasse: number });

// ---------------------------------------------------------------------------
// BMR formulas (exact values, in kcal per day)

export function mifflinStJeorBmr({ sexe, poids, taille, age }: BodyMetrics): number {
  const { perKg, perCm, perYear, sexOffset } = MIFFLIN_ST_JEOR;
  return perKg * poids + perCm * taille - perYear * age + sexOffset[sexe];
}

export function harrisBenedictBmr({ sexe, poids, taille, age }: BodyMetrics): number {
  const { base, perKg, perCm, perYear } = HARRIS_BENEDICT[sexe];
  return base + perKg * poids + perCm * taille - perYear * age;
}

/** Weight minus fat: poids x (1 - masseGrasse / 100), in kg. */
export function leanMassKg(poids: number, masseGrasse: number): number {
  return poids * (1 - masseGrasse / 100);
}

export function katchMcArdleBmr(poids: number, masseGrasse: number): number {
  return KATCH_MCARDLE.base + KATCH_MCARDLE.perLeanKg * leanMassKg(poids, masseGrasse);
}

/** The exact BMR by the formula the input names. */
export function computeBmr(input: CalorieInput): number {
  switch (input.formule) {
    case "standard":
      return harrisBenedictBmr(input);
    case "mifflin":
      return mifflinStJeorBmr(input);
    case "katch":
      return katchMcArdleBmr(input.poids, input.masseGrasse);
  }
}

// ---------------------------------------------------------------------------
// Needs

export type Macros = Record<Macro, number>;

/** Grams of each macro, rounded to whole grams, for a daily calorie target and goal. */
export function macrosForCalories(calories: number, objectif: Objectif): Macros {
  const split = MACRO_SPLITS[objectif];
  const grams = (macro: Macro) => roundTo((calories * split[macro]) / KCAL_PER_GRAM[macro], 0);
  return { glucides: grams("glucides"), proteines: grams("proteines"), lipides: grams("lipides") };
}

export interface GoalPlan {
  objectif: Objectif;
  /** Daily calories for this goal, whole kcal. */
  calories: number;
  /** Grams per day, whole grams. */
  macros: Macros;
}

export interface CalorieNeeds {
  formule: Formule;
  /** Basal metabolic rate, whole kcal per day. */
  bmr: number;
  /** BMR x activity multiplier, whole kcal per day. */
  maintenance: number;
  /** Lean body mass in kg (one decimal) for Katch-McArdle, else null. */
  leanMassKg: number | null;
  /** The goal the user chose; its plan is also `goals[objectif]`. */
  objectif: Objectif;
  chosen: GoalPlan;
  /** One plan per goal, so the UI can open any goal's card. */
  goals: Readonly<Record<Objectif, GoalPlan>>;
}

/**
 * Daily calorie needs for a validated input. Maintenance is computed from the
 * exact BMR (not the rounded one) and rounded once; each goal then adds its
 * offset to the rounded maintenance, so "lose" reads exactly 500 below it.
 * A goal is floored at 0 kcal: only absurd corner cases of the accepted
 * ranges (30 kg, 100 cm, 120 years, Mifflin) would go below, and a negative
 * target or negative grams would make no sense on screen.
 */
export function computeCalorieNeeds(input: CalorieInput): CalorieNeeds {
  const exactBmr = computeBmr(input);
  const maintenance = roundTo(exactBmr * ACTIVITY_MULTIPLIERS[input.activite], 0);
  const planFor = (objectif: Objectif): GoalPlan => {
    const calories = Math.max(0, maintenance + GOAL_OFFSETS_KCAL[objectif]);
    return { objectif, calories, macros: macrosForCalories(calories, objectif) };
  };
  const goals = { lose: planFor("lose"), maintain: planFor("maintain"), gain: planFor("gain") };
  return {
    formule: input.formule,
    bmr: roundTo(exactBmr, 0),
    maintenance,
    leanMassKg: input.formule === "katch" ? roundTo(leanMassKg(input.poids, input.masseGrasse), 1) : null,
    objectif: input.objectif,
    chosen: goals[input.objectif],
    goals,
  };
}

// ---------------------------------------------------------------------------
// Form validation

/**
 * Inclusive limits of the calorie form. The spec gives no maximum age; 120
 * is past the oldest documented human, so it only stops typing mistakes
 * (1990 typed in the age field) without turning anyone away.
 */
export const CALORIE_LIMITS = {
  taille: { min: 100, max: 300, step: 0.5 },
  poids: { min: 30, max: 500 },
  age: { min: 12, max: 120 },
  masseGrasse: { min: 8, max: 70 },
} as const;

export const CALORIE_FIELDS = [
  "sexe",
  "poids",
  "taille",
  "age",
  "formule",
  "masseGrasse",
  "activite",
  "objectif",
] as const;
export type CalorieField = (typeof CALORIE_FIELDS)[number];

/** One message per violation, in the tone of the spec's form messages. */
export const CALORIE_MESSAGES = {
  /** The body is not an object at all (JSON API). */
  formulaireInvalide: "Formulaire de calcul des calories invalide.",
  sexe: "Sexe à choisir : homme ou femme.",
  poidsInvalide: "Poids à saisir en kg (ex. 70 ou 70,5).",
  poidsHorsLimites: "Poids entre 30 et 500 kg.",
  tailleInvalide: "Taille à saisir en cm (ex. 175 ou 175,5).",
  tailleHorsLimites: "Taille entre 100 et 300 cm (pas de 0,5).",
  taillePas: "Taille au demi-centimètre près (pas de 0,5).",
  ageInvalide: "Âge à saisir en années (ex. 30).",
  ageHorsLimites: "Âge entre 12 et 120 ans.",
  ageEntier: "Âge en années entières (ex. 30).",
  formule: "Formule à choisir : standard, Mifflin ou Katch.",
  masseGrasseRequise: "Masse grasse requise pour la formule Katch (en %).",
  masseGrasseInvalide: "Masse grasse à saisir en % (ex. 20 ou 20,5).",
  masseGrasseHorsLimites: "Masse grasse entre 8 et 70 %.",
  activite: "Niveau d'activité à choisir : faible, moyen, actif ou très actif.",
  objectif: "Objectif à choisir : perdre, maintenir ou prendre du poids.",
} as const;

export type CalorieMessageKey = keyof typeof CALORIE_MESSAGES;

/**
 * A form sends "" for an untouched field and a JSON client may send null;
 * both mean "not given", like a missing key.
 */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface NumberRule {
  min: number;
  max: number;
  invalid: CalorieMessageKey;
  outOfRange: CalorieMessageKey;
  /** Extra rule checked once the value is in range, e.g. the 0.5 cm step. */
  extra?: { test: (value: number) => boolean; message: CalorieMessageKey };
}

type NumberCheck = { ok: true; value: number } | { ok: false; message: CalorieMessageKey };

/** Not a number -> invalid; then range; then the extra rule: one message at a time. */
function checkNumber(raw: unknown, rule: NumberRule): NumberCheck {
  const value = readNumberInput(raw);
  if (value === null) return { ok: false, message: rule.invalid };
  if (value < rule.min || value > rule.max) return { ok: false, message: rule.outOfRange };
  if (rule.extra && !rule.extra.test(value)) return { ok: false, message: rule.extra.message };
  return { ok: true, value };
}

const BODY_FAT_RULE: NumberRule = {
  ...CALORIE_LIMITS.masseGrasse,
  invalid: "masseGrasseInvalide",
  outOfRange: "masseGrasseHorsLimites",
};

/** Body fat is checked only for Katch-McArdle, where it is required. */
function checkBodyFatForKatch(raw: unknown): NumberCheck {
  if (blankToUndefined(raw) === undefined) return { ok: false, message: "masseGrasseRequise" };
  return checkNumber(raw, BODY_FAT_RULE);
}

const NUMBER_RULES = {
  poids: {
    ...CALORIE_LIMITS.poids,
    invalid: "poidsInvalide",
    outOfRange: "poidsHorsLimites",
  },
  taille: {
    min: CALORIE_LIMITS.taille.min,
    max: CALORIE_LIMITS.taille.max,
    invalid: "tailleInvalide",
    outOfRange: "tailleHorsLimites",
    // Multiples of 0.5 are exact in binary, so value / 0.5 is an integer
    // exactly when the step is respected.
    extra: {
      test: (value: number) => Number.isInteger(value / CALORIE_LIMITS.taille.step),
      message: "taillePas",
    },
  },
  age: {
    ...CALORIE_LIMITS.age,
    invalid: "ageInvalide",
    outOfRange: "ageHorsLimites",
    // The field is a number input with the default step of 1, as in the
    // original form; the server holds the same line.
    extra: { test: Number.isInteger, message: "ageEntier" },
  },
} satisfies Record<string, NumberRule>;

type ChoiceCheck<Value extends string> = { ok: true; value: Value } | { ok: false; message: CalorieMessageKey };

function checkChoice<const Value extends string>(
  raw: unknown,
  values: readonly Value[],
  message: CalorieMessageKey,
): ChoiceCheck<Value> {
  const value = blankToUndefined(raw);
  return typeof value === "string" && (values as readonly string[]).includes(value)
    ? { ok: true, value: value as Value }
    : { ok: false, message };
}

/** Each failing field with the key of its message (CALORIE_MESSAGES; `messages.calories.<key>` in tools.json). */
export type CalorieFieldErrors = Partial<Record<CalorieField, CalorieMessageKey>>;

export type CalorieValidation = { ok: true; value: CalorieInput } | { ok: false; errors: CalorieFieldErrors };

/**
 * The calorie form's rules, for the browser, the page actions and the JSON
 * API alike (calories-schema.ts wraps them in zod for the server). Numbers
 * may be strings with a comma or JSON numbers; blank choices count as
 * missing; formule defaults to mifflin; masseGrasse is required and checked
 * only for katch, and dropped otherwise (a value left in the hidden field
 * after switching away from Katch must not block the form with an error the
 * user cannot see). Every failing field gets its first message, in the
 * order of CALORIE_FIELDS. A body that is not an object reads as an empty
 * form, so every required field reports its own message.
 */
export function validateCalorieInput(raw: unknown): CalorieValidation {
  const body = isRecord(raw) ? raw : {};
  const sexe = checkChoice(body["sexe"], SEXES, "sexe");
  const poids = checkNumber(body["poids"], NUMBER_RULES.poids);
  const taille = checkNumber(body["taille"], NUMBER_RULES.taille);
  const age = checkNumber(body["age"], NUMBER_RULES.age);
  const formule =
    blankToUndefined(body["formule"]) === undefined
      ? ({ ok: true, value: DEFAULT_FORMULE } as const)
      : checkChoice(body["formule"], FORMULES, "formule");
  const masseGrasse = formule.ok && formule.value === "katch" ? checkBodyFatForKatch(body["masseGrasse"]) : null;
  const activite = checkChoice(body["activite"], ACTIVITES, "activite");
  const objectif = checkChoice(body["objectif"], OBJECTIFS, "objectif");

  const checks = { sexe, poids, taille, age, formule, masseGrasse, activite, objectif };
  const errors: CalorieFieldErrors = {};
  for (const field of CALORIE_FIELDS) {
    const check = checks[field];
    if (check && !check.ok) errors[field] = check.message;
  }
  if (!sexe.ok || !poids.ok || !taille.ok || !age.ok || !formule.ok || !activite.ok || !objectif.ok) {
    return { ok: false, errors };
  }
  const common = {
    sexe: sexe.value,
    poids: poids.value,
    taille: taille.value,
    age: age.value,
    activite: activite.value,
    objectif: objectif.value,
  };
  if (formule.value !== "katch") return { ok: true, value: { ...common, formule: formule.value } };
  if (!masseGrasse?.ok) return { ok: false, errors };
  return { ok: true, value: { ...common, formule: "katch", masseGrasse: masseGrasse.value } };
}
