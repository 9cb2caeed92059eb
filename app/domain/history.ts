// Calculations saved to a user's history: the two record kinds of the spec
// (IMC_CALC, CALORIES_CALC), how a record is built from a calculation, and
// the zod schema that reads one from an API body.
//
// One decision runs through this module: the derived figures of a record
// (imc, categorie, calories) are always computed here from the measurements,
// never taken from the caller. A page action and an API client that send the
// same measurements therefore store the very same record, and the dashboard
// never charts an IMC that does not match the weight beside it.

import { z } from "zod";
import { CALORIE_MESSAGES, type CalorieInput, computeCalorieNeeds, validateCalorieInput } from "./calories.ts";
import { computeImcResult, IMC_MESSAGES, validateImcInput } from "./imc.ts";

export const HISTORY_ACTIONS = ["IMC_CALC", "CALORIES_CALC"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export interface ImcHistoryMeta {
  poids: number;
  taille: number;
  /** One decimal, as shown. */
  imc: number;
  /** The French category label, whatever the page language. */
  categorie: string;
  /** ISO 8601, when the calculation was made. */
  date: string;
}

export interface CaloriesHistoryMeta {
  sexe: CalorieInput["sexe"];
  poids: number;
  taille: number;
  age: number;
  formule: CalorieInput["formule"];
  /** Only for the Katch-McArdle formula. */
  masseGrasse?: number;
  activite: CalorieInput["activite"];
  objectif: CalorieInput["objectif"];
  /** Daily kcal for the chosen goal. */
  calories: number;
  date: string;
}

export type HistoryEntry =
  { action: "IMC_CALC"; meta: ImcHistoryMeta } | { action: "CALORIES_CALC"; meta: CaloriesHistoryMeta };

/**
 * Calculations one user may save in an hour (the calculator pages and
 * POST /api/history together): far more than anyone calculates, few enough
 * that a script cannot fill the store or make the export heavy.
 */
export const HISTORY_WRITE_LIMIT = { perUser: 100, windowSeconds: 60 * 60 } as const;

/** Answers of the JSON API, in French like every API message. */
export const HISTORY_MESSAGES = {
  tooMany: (minutes: number) =>
    `Trop de calculs enregistrés\u00a0: réessaie dans ${minutes}\u00a0minute${minutes > 1 ? "s" : ""}.`,
  bodyNotAnObject: "Corps de requête invalide : un objet { action, meta } est attendu.",
  unknownAction: "Action inconnue : IMC_CALC ou CALORIES_CALC attendue.",
  metaRequired: "meta est requis.",
  metaNotAnObject: "meta doit être un objet.",
  invalidDate: "date doit être une date ISO 8601 (ex. 2026-01-31T08:30:00.000Z).",
} as const;

const required = (field: string) => `meta.${field} est requis.`;

function numberOf(field: string) {
  return z.number({
    error: (issue) => (issue.input === undefined ? required(field) : `meta.${field} doit être un nombre.`),
  });
}

function textOf(field: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? required(field) : `meta.${field} doit être un texte.`),
  });
}

/**
 * An ISO 8601 date-time with a zone (what `Date.prototype.toISOString` and
 * most clients send), stored in UTC. Optional: the server's clock fills in.
 */
const isoDate = z.iso.datetime({ offset: true, error: HISTORY_MESSAGES.invalidDate }).optional();

/**
 * Plain JSON types first: the measurements must be JSON numbers, the choices
 * strings. The domain rules (ranges, steps, choices) come next, with the same
 * messages as the forms. imc, categorie and calories are type-checked when
 * present, then recomputed.
 */
const imcMetaShape = z.object(
  {
    poids: numberOf("poids"),
    taille: numberOf("taille"),
    imc: numberOf("imc").optional(),
    categorie: textOf("categorie").max(100).optional(),
    date: isoDate,
  },
  { error: HISTORY_MESSAGES.metaNotAnObject },
);

const caloriesMetaShape = z.object(
  {
    sexe: textOf("sexe"),
    poids: numberOf("poids"),
    taille: numberOf("taille"),
    age: numberOf("age"),
    // Optional like in the form: mifflin is the default formula.
    formule: textOf("formule").optional(),
    masseGrasse: numberOf("masseGrasse").nullable().optional(),
    activite: textOf("activite"),
    objectif: textOf("objectif"),
    calories: numberOf("calories").optional(),
    date: isoDate,
  },
  { error: HISTORY_MESSAGES.metaNotAnObject },
);

function dateOrNow(date: string | undefined, now: Date): Date {
  return date === undefined ? now : new Date(date);
}

/** The IMC_CALC record of a validated IMC calculation. */
export function imcHistoryEntry(values: { poids: number; taille: number }, date: Date = new Date()): HistoryEntry {
  const result = computeImcResult(values.poids, values.taille);
  return {
    action: "IMC_CALC",
    meta: {
      poids: values.poids,
      taille: values.taille,
      imc: result.imc,
      categorie: result.categorie,
      date: date.toISOString(),
    },
  };
}

/** The CALORIES_CALC record of a validated calorie calculation: the form fields plus the chosen goal's kcal. */
export function caloriesHistoryEntry(input: CalorieInput, date: Date = new Date()): HistoryEntry {
  const needs = computeCalorieNeeds(input);
  const meta: CaloriesHistoryMeta = {
    sexe: input.sexe,
    poids: input.poids,
    taille: input.taille,
    age: input.age,
    formule: input.formule,
    activite: input.activite,
    objectif: input.objectif,
    calories: needs.chosen.calories,
    date: date.toISOString(),
  };
  if (input.formule === "katch") meta.masseGrasse = input.masseGrasse;
  return { action: "CALORIES_CALC", meta };
}

function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? HISTORY_MESSAGES.metaNotAnObject;
}

/**
 * Reads `{ action, meta }` from an API body into a HistoryEntry. Unknown keys
 * are dropped, every value must have its plain JSON type (an operator object
 * such as {"$gt": ""} is refused), the measurements follow the form rules and
 * the derived figures are recomputed. One issue at a time, the first one.
 */
// Stryker disable next-line ArrowFunction: without a clock, imcHistoryEntry and caloriesHistoryEntry default to new Date() themselves
export function historyEntrySchema(now: () => Date = () => new Date()) {
  return z
    .object(
      {
        action: z.enum(HISTORY_ACTIONS, { error: HISTORY_MESSAGES.unknownAction }),
        meta: z.unknown().optional(),
      },
      { error: HISTORY_MESSAGES.bodyNotAnObject },
    )
    .transform((body, ctx): HistoryEntry => {
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", message, path: ["meta"], input: body.meta });
        return z.NEVER;
      };
      if (body.meta === undefined) return fail(HISTORY_MESSAGES.metaRequired);

      if (body.action === "IMC_CALC") {
        const shape = imcMetaShape.safeParse(body.meta);
        if (!shape.success) return fail(firstIssueMessage(shape.error));
        const checked = validateImcInput(shape.data);
        if (!checked.ok) return fail(IMC_MESSAGES[checked.message]);
        return imcHistoryEntry(checked, dateOrNow(shape.data.date, now()));
      }

      const shape = caloriesMetaShape.safeParse(body.meta);
      if (!shape.success) return fail(firstIssueMessage(shape.error));
      // The calorie schema keeps only the form fields: date and calories stay out.
      const checked = validateCalorieInput(shape.data);
      if (!checked.ok) {
        const firstError = Object.values(checked.errors)[0];
        return fail(firstError ? CALORIE_MESSAGES[firstError] : HISTORY_MESSAGES.metaNotAnObject);
      }
      return caloriesHistoryEntry(checked.value, dateOrNow(shape.data.date, now()));
    });
}
