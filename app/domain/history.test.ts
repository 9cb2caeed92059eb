import { describe, expect, it } from "vitest";
import { CALORIE_MESSAGES } from "./calories.ts";
import { caloriesHistoryEntry, HISTORY_MESSAGES, historyEntrySchema, imcHistoryEntry } from "./history.ts";
import { IMC_MESSAGES } from "./imc.ts";

const fixedNow = new Date("2026-03-01T10:00:00.000Z");
const schema = historyEntrySchema(() => fixedNow);

function messageOf(body: unknown): string {
  const result = schema.safeParse(body);
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error.issues[0]!.message;
}

const validCalories = {
  sexe: "homme",
  poids: 70,
  taille: 175,
  age: 30,
  formule: "mifflin",
  activite: "moyen",
  objectif: "maintain",
};

describe("imcHistoryEntry", () => {
  it("records the measurements, the one-decimal IMC and the French category", () => {
    expect(imcHistoryEntry({ poids: 70, taille: 175 }, fixedNow)).toEqual({
      action: "IMC_CALC",
      meta: { poids: 70, taille: 175, imc: 22.9, categorie: "Corpulence normale", date: "2026-03-01T10:00:00.000Z" },
    });
  });
});

describe("caloriesHistoryEntry", () => {
  it("records the form fields and the chosen goal's calories", () => {
    // Mifflin, man: 10 x 70 + 6.25 x 175 - 5 x 30 + 5 = 1648.75; x 1.55 = 2555.56 -> 2556; lose = 2056.
    expect(caloriesHistoryEntry({ ...validCalories, objectif: "lose" } as never, fixedNow)).toEqual({
      action: "CALORIES_CALC",
      meta: { ...validCalories, objectif: "lose", calories: 2056, date: "2026-03-01T10:00:00.000Z" },
    });
  });

  it("keeps the body fat for Katch-McArdle only", () => {
    const katch = caloriesHistoryEntry(
      { ...validCalories, formule: "katch", masseGrasse: 20, objectif: "gain" } as never,
      fixedNow,
    );
    // Lean mass 70 x 0.8 = 56 kg; 370 + 21.6 x 56 = 1579.6; x 1.55 = 2448.38 -> 2448; gain = 2948.
    expect(katch.meta).toMatchObject({ formule: "katch", masseGrasse: 20, calories: 2948 });
    const mifflin = caloriesHistoryEntry({ ...validCalories, masseGrasse: 20 } as never, fixedNow);
    expect(mifflin.meta).not.toHaveProperty("masseGrasse");
  });
});

describe("historyEntrySchema", () => {
  it("reads an IMC record, recomputing the IMC and its category", () => {
    const parsed = schema.parse({
      action: "IMC_CALC",
      meta: { poids: 70, taille: 175, imc: 99, categorie: "N'importe quoi", date: "2026-02-01T08:30:00.000Z" },
    });
    expect(parsed).toEqual({
      action: "IMC_CALC",
      meta: { poids: 70, taille: 175, imc: 22.9, categorie: "Corpulence normale", date: "2026-02-01T08:30:00.000Z" },
    });
  });

  it("reads a calorie record, recomputing the calories, and drops unknown keys", () => {
    const parsed = schema.parse({
      action: "CALORIES_CALC",
      meta: { ...validCalories, calories: 1, extra: "ignored", masseGrasse: null },
      other: true,
    });
    expect(parsed).toEqual({
      action: "CALORIES_CALC",
      meta: { ...validCalories, calories: 2556, date: fixedNow.toISOString() },
    });
  });

  it("dates a record without a date with the server's clock, and stores dates in UTC", () => {
    expect(schema.parse({ action: "IMC_CALC", meta: { poids: 70, taille: 175 } }).meta.date).toBe(
      fixedNow.toISOString(),
    );
    expect(
      schema.parse({ action: "IMC_CALC", meta: { poids: 70, taille: 175, date: "2026-02-01T10:30:00+02:00" } }).meta
        .date,
    ).toBe("2026-02-01T08:30:00.000Z");
  });

  it("refuses a body that is not an object, an unknown action or a missing meta", () => {
    expect(messageOf(null)).toBe(HISTORY_MESSAGES.bodyNotAnObject);
    expect(messageOf([1, 2])).toBe(HISTORY_MESSAGES.bodyNotAnObject);
    expect(messageOf({ action: "WORKOUT", meta: {} })).toBe(HISTORY_MESSAGES.unknownAction);
    expect(messageOf({ action: { $ne: null }, meta: {} })).toBe(HISTORY_MESSAGES.unknownAction);
    expect(messageOf({ meta: {} })).toBe(HISTORY_MESSAGES.unknownAction);
    expect(messageOf({ action: "IMC_CALC" })).toBe(HISTORY_MESSAGES.metaRequired);
    expect(messageOf({ action: "IMC_CALC", meta: "70/175" })).toBe(HISTORY_MESSAGES.metaNotAnObject);
    expect(messageOf({ action: "IMC_CALC", meta: [70, 175] })).toBe(HISTORY_MESSAGES.metaNotAnObject);
  });

  it("wants JSON numbers for the measurements: no strings, booleans or operator objects", () => {
    expect(messageOf({ action: "IMC_CALC", meta: { poids: "70", taille: 175 } })).toBe(
      "meta.poids doit être un nombre.",
    );
    expect(messageOf({ action: "IMC_CALC", meta: { poids: true, taille: 175 } })).toBe(
      "meta.poids doit être un nombre.",
    );
    expect(messageOf({ action: "IMC_CALC", meta: { poids: { $gt: "" }, taille: 175 } })).toBe(
      "meta.poids doit être un nombre.",
    );
    expect(messageOf({ action: "IMC_CALC", meta: { poids: 70 } })).toBe("meta.taille est requis.");
    expect(messageOf({ action: "CALORIES_CALC", meta: { ...validCalories, sexe: { $gt: "" } } })).toBe(
      "meta.sexe doit être un texte.",
    );
    expect(messageOf({ action: "IMC_CALC", meta: { poids: 70, taille: 175, categorie: { $gt: "" } } })).toBe(
      "meta.categorie doit être un texte.",
    );
  });

  it("applies the form rules and their messages", () => {
    expect(messageOf({ action: "IMC_CALC", meta: { poids: 20, taille: 175 } })).toBe(IMC_MESSAGES.outOfRange);
    expect(messageOf({ action: "IMC_CALC", meta: { poids: 70, taille: 301 } })).toBe(IMC_MESSAGES.outOfRange);
    expect(messageOf({ action: "CALORIES_CALC", meta: { ...validCalories, age: 11 } })).toBe(
      CALORIE_MESSAGES.ageHorsLimites,
    );
    expect(messageOf({ action: "CALORIES_CALC", meta: { ...validCalories, taille: 175.3 } })).toBe(
      CALORIE_MESSAGES.taillePas,
    );
    expect(messageOf({ action: "CALORIES_CALC", meta: { ...validCalories, sexe: "autre" } })).toBe(
      CALORIE_MESSAGES.sexe,
    );
    expect(messageOf({ action: "CALORIES_CALC", meta: { ...validCalories, formule: "katch" } })).toBe(
      CALORIE_MESSAGES.masseGrasseRequise,
    );
    expect(messageOf({ action: "CALORIES_CALC", meta: { ...validCalories, formule: "katch", masseGrasse: 90 } })).toBe(
      CALORIE_MESSAGES.masseGrasseHorsLimites,
    );
  });

  it("refuses a date that is not ISO 8601 with a zone", () => {
    expect(messageOf({ action: "IMC_CALC", meta: { poids: 70, taille: 175, date: "hier" } })).toBe(
      HISTORY_MESSAGES.invalidDate,
    );
    expect(messageOf({ action: "IMC_CALC", meta: { poids: 70, taille: 175, date: 1_700_000_000_000 } })).toBe(
      HISTORY_MESSAGES.invalidDate,
    );
  });
});

describe("historyEntrySchema's issues", () => {
  it("names a missing text field as required", () => {
    const { sexe: _sexe, ...withoutSexe } = validCalories;
    expect(messageOf({ action: "CALORIES_CALC", meta: withoutSexe })).toBe("meta.sexe est requis.");
  });

  it("puts a meta problem on the meta path", () => {
    const result = schema.safeParse({ action: "IMC_CALC", meta: { poids: 20, taille: 175 } });
    expect(result.error?.issues.map((issue) => ({ code: issue.code, path: issue.path }))).toEqual([
      { code: "custom", path: ["meta"] },
    ]);
  });

  it("dates a record with the current time by default", () => {
    const before = Date.now();
    const date = historyEntrySchema().parse({ action: "IMC_CALC", meta: { poids: 70, taille: 175 } }).meta.date;
    const after = Date.now();
    expect(Date.parse(date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(date)).toBeLessThanOrEqual(after);
  });
});
