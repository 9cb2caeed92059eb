// IMC (indice de masse corporelle, BMI): validation of the form, the value,
// its category and the gauge drawn under the result.
//
// One decision runs through this module: everything is judged on the value
// rounded to one decimal, the value the user reads. A raw 18.49 is shown as
// 18.5, so it is "Corpulence normale" and sits in the gauge's normal band;
// judging the raw value would print 18.5 next to "Maigreur".

import { readNumberInput, roundTo } from "./numbers.ts";

// ---------------------------------------------------------------------------
// Form rules

/**
 * The spec's messages, in the product's register (tu) and with the range
 * written out; the weight starts at 30 kg (README, "Decisions").
 */
export const IMC_MESSAGES = {
  invalidNumbers: "Entre un poids et une taille valides.",
  outOfRange: "La taille doit être comprise entre 50 et 300 cm, et le poids entre 30 et 500 kg.",
} as const;

/** Inclusive limits of the IMC form. */
export const IMC_LIMITS = {
  heightCm: { min: 50, max: 300 },
  weightKg: { min: 30, max: 500 },
} as const;

/** The IMC is shown, categorised and stored with this many decimals. */
export const IMC_DECIMALS = 1;

/**
 * Raw form or JSON values. Strings may use a comma as decimal separator;
 * numbers are accepted so a JSON client need not stringify them.
 */
export interface ImcRawInput {
  poids?: unknown;
  taille?: unknown;
}

export type ImcMessageKey = keyof typeof IMC_MESSAGES;

/** A refusal names its message by key (IMC_MESSAGES; `messages.imc.<key>` in tools.json): pages translate it. */
export type ImcValidation = { ok: true; poids: number; taille: number } | { ok: false; message: ImcMessageKey };

/**
 * Checks the IMC form in the spec's order: both fields must first be numbers
 * (else invalidNumbers), then within IMC_LIMITS (else outOfRange). One
 * message covers both fields, as in the spec.
 */
export function validateImcInput(raw: ImcRawInput): ImcValidation {
  const poids = readNumberInput(raw.poids);
  const taille = readNumberInput(raw.taille);
  if (poids === null || taille === null) {
    return { ok: false, message: "invalidNumbers" };
  }
  const { heightCm, weightKg } = IMC_LIMITS;
  const heightInRange = taille >= heightCm.min && taille <= heightCm.max;
  const weightInRange = poids >= weightKg.min && poids <= weightKg.max;
  if (!heightInRange || !weightInRange) {
    return { ok: false, message: "outOfRange" };
  }
  return { ok: true, poids, taille };
}

// ---------------------------------------------------------------------------
// Value

/**
 * IMC = weight / (height in metres)², rounded to one decimal
 * (70 kg, 175 cm -> 22.9). Inputs are expected to be validated already; a
 * non-positive or non-finite one is a programming error and throws.
 */
export function computeImc(weightKg: number, heightCm: number): number {
  if (!(Number.isFinite(weightKg) && weightKg > 0 && Number.isFinite(heightCm) && heightCm > 0)) {
    throw new RangeError(`computeImc needs positive finite numbers, got ${weightKg} kg, ${heightCm} cm`);
  }
  const heightM = heightCm / 100;
  return roundTo(weightKg / (heightM * heightM), IMC_DECIMALS);
}

// ---------------------------------------------------------------------------
// Categories

export type ImcCategoryId =
  "denutrition-severe" | "maigreur" | "normal" | "surpoids" | "obesite-moderee" | "obesite-severe" | "obesite-massive";

export interface ImcCategory {
  /** Stable identifier, safe for code, CSS classes and translations. */
  id: ImcCategoryId;
  /** The category applies to IMC values strictly below this bound. */
  below: number;
  /** French label; history records store it as `categorie`. */
  label: string;
  description: string;
  conseil: string;
}

/** Ordered by increasing bound; the last one has no upper bound. */
export const IMC_CATEGORIES: readonly ImcCategory[] = [
  {
    id: "denutrition-severe",
    below: 16.5,
    label: "Dénutrition sévère",
    description:
      "Ton IMC est très en dessous de la zone de corpulence normale (18,5 à 24,9), ce qui peut signaler une dénutrition.",
    conseil: "Consulte rapidement un médecin : une prise en charge médicale et nutritionnelle est recommandée.",
  },
  {
    id: "maigreur",
    below: 18.5,
    label: "Maigreur",
    description: "Ton IMC est un peu en dessous de la zone de corpulence normale (18,5 à 24,9).",
    conseil:
      "Mise sur des repas réguliers et riches en nutriments, et parles-en à un professionnel de santé si ta perte de poids est récente ou involontaire.",
  },
  {
    id: "normal",
    below: 25,
    label: "Corpulence normale",
    description: "Ton IMC se situe dans la zone associée au plus faible risque pour la santé.",
    conseil:
      "Continue comme ça : une alimentation variée et une activité physique régulière t'aideront à rester dans cette zone.",
  },
  {
    id: "surpoids",
    below: 30,
    label: "Surpoids",
    description:
      "Ton IMC est au-dessus de la zone normale, ce qui peut augmenter certains risques (tension, diabète de type 2). Si tu es très musclé(e), l'IMC peut toutefois surestimer ta masse grasse.",
    conseil:
      "Bouger au moins 150 minutes par semaine et ajuster un peu tes portions suffit souvent à faire la différence.",
  },
  {
    id: "obesite-moderee",
    below: 35,
    label: "Obésité modérée",
    description:
      "Ton IMC correspond à une obésité de classe 1, associée à un risque accru de maladies cardiovasculaires et métaboliques.",
    conseil:
      "Fixe-toi des objectifs progressifs (perdre 5 à 10 % de ton poids apporte déjà des bénéfices) et fais-toi accompagner par un médecin ou un diététicien.",
  },
  {
    id: "obesite-severe",
    below: 40,
    label: "Obésité sévère",
    description: "Ton IMC correspond à une obésité de classe 2, avec un risque élevé pour la santé.",
    conseil:
      "Un suivi médical est vivement conseillé pour construire avec toi un plan adapté, alimentation et activité physique comprises.",
  },
  {
    id: "obesite-massive",
    below: Number.POSITIVE_INFINITY,
    label: "Obésité massive",
    description: "Ton IMC correspond à une obésité de classe 3, avec un risque très élevé de complications.",
    conseil: "Parles-en à ton médecin : une prise en charge spécialisée et pluridisciplinaire peut vraiment t'aider.",
  },
];

/**
 * The category of an IMC value. The value is rounded to one decimal first, so
 * passing the raw or the displayed value gives the same, displayed-consistent
 * answer (raw 18.49 -> 18.5 -> "normal").
 */
export function imcCategory(value: number): ImcCategory {
  if (Number.isNaN(value)) throw new RangeError("imcCategory needs a number, got NaN");
  const shown = roundTo(value, IMC_DECIMALS);
  const category = IMC_CATEGORIES.find((candidate) => shown < candidate.below);
  // The last bound is +Infinity, so only +Infinity itself falls through.
  return category ?? lastCategory();
}

function lastCategory(): ImcCategory {
  const last = IMC_CATEGORIES[IMC_CATEGORIES.length - 1];
  if (!last) throw new Error("IMC_CATEGORIES is empty");
  return last;
}

/** What the result panel shows and the history stores (`imc`, `categorie`, ...). */
export interface ImcResult {
  imc: number;
  categoryId: ImcCategoryId;
  categorie: string;
  description: string;
  conseil: string;
}

/** computeImc and imcCategory together, for a validated weight and height. */
export function computeImcResult(weightKg: number, heightCm: number): ImcResult {
  const imc = computeImc(weightKg, heightCm);
  const category = imcCategory(imc);
  return {
    imc,
    categoryId: category.id,
    categorie: category.label,
    description: category.description,
    conseil: category.conseil,
  };
}

// ---------------------------------------------------------------------------
// Gauge

/** The gauge shows IMC values from 15 to 40; anything outside sits at an end. */
export const IMC_GAUGE_RANGE = { min: 15, max: 40 } as const;

export type ImcGaugeBandId = "maigreur" | "normal" | "surpoids" | "obesite";

/**
 * The gauge has four coarser bands than the seven categories: thin under
 * 18.5, normal up to 24.9, overweight up to 29.9, obesity above. With one
 * decimal, "up to 24.9" and "below 25" are the same thing.
 */
export const IMC_GAUGE_BANDS: readonly { id: ImcGaugeBandId; from: number; to: number }[] = [
  { id: "maigreur", from: IMC_GAUGE_RANGE.min, to: 18.5 },
  { id: "normal", from: 18.5, to: 25 },
  { id: "surpoids", from: 25, to: 30 },
  { id: "obesite", from: 30, to: IMC_GAUGE_RANGE.max },
];

export interface ImcGaugeBand {
  id: ImcGaugeBandId;
  /** Start and end along the gauge, in % of its width (0-100). */
  fromPercent: number;
  toPercent: number;
}

export interface ImcGauge {
  /** The one-decimal IMC clamped to 15-40. */
  value: number;
  /** Position of the marker along the gauge, 0-100. */
  percent: number;
  /** The band the marker is in. */
  band: ImcGaugeBandId;
  /** Every band, for drawing: 0-14, 14-40, 40-60, 60-100. */
  bands: readonly ImcGaugeBand[];
}

/** Percentages are rounded to two decimals: enough for CSS, free of float noise. */
function gaugePercent(value: number): number {
  const { min, max } = IMC_GAUGE_RANGE;
  return roundTo(((value - min) / (max - min)) * 100, 2);
}

const GAUGE_BANDS_IN_PERCENT: readonly ImcGaugeBand[] = IMC_GAUGE_BANDS.map((band) => ({
  id: band.id,
  fromPercent: gaugePercent(band.from),
  toPercent: gaugePercent(band.to),
}));

/** Where an IMC value sits on the result gauge, and the bands to draw. */
export function imcGauge(value: number): ImcGauge {
  if (Number.isNaN(value)) throw new RangeError("imcGauge needs a number, got NaN");
  const { min, max } = IMC_GAUGE_RANGE;
  const clamped = Math.min(max, Math.max(min, roundTo(value, IMC_DECIMALS)));
  const band = IMC_GAUGE_BANDS.find((candidate) => clamped < candidate.to)?.id ?? "obesite";
  return { value: clamped, percent: gaugePercent(clamped), band, bands: GAUGE_BANDS_IN_PERCENT };
}
