import { describe, expect, it } from "vitest";
import { toDashboardRecord, toDashboardRecords, weightSeries } from "./records.ts";

const entry = (action: string, meta: Record<string, unknown>, createdAt = "2026-03-01T10:00:00.000Z") => ({
  _id: `id-${action}-${createdAt}`,
  action,
  createdAt,
  meta,
});

describe("dashboard records", () => {
  it("maps an IMC record to {id, type, value, date, poids, categorie}", () => {
    expect(
      toDashboardRecord(
        entry("IMC_CALC", {
          imc: 22.9,
          poids: 70,
          taille: 175,
          categorie: "Corpulence normale",
          date: "2026-02-28T08:00:00.000Z",
        }),
      ),
    ).toEqual({
      id: "id-IMC_CALC-2026-03-01T10:00:00.000Z",
      type: "imc",
      value: 22.9,
      date: "2026-02-28T08:00:00.000Z",
      poids: 70,
      categorie: "Corpulence normale",
      valid: true,
    });
  });

  it("maps a calorie record, from calories or kcal", () => {
    expect(toDashboardRecord(entry("CALORIES_CALC", { calories: 2300 }))).toEqual({
      id: "id-CALORIES_CALC-2026-03-01T10:00:00.000Z",
      type: "calories",
      value: 2300,
      date: "2026-03-01T10:00:00.000Z",
      valid: true,
    });
    expect(toDashboardRecord(entry("CALORIES_CALC", { kcal: "1950" }))).toMatchObject({ value: 1950, valid: true });
  });

  it("reads a dd/mm/yyyy date in meta, else the saving time", () => {
    expect(toDashboardRecord(entry("IMC_CALC", { imc: 20, poids: 60, date: "02/01/2026" }))!.date).toBe(
      "2026-01-02T12:00:00.000Z",
    );
    expect(toDashboardRecord(entry("IMC_CALC", { imc: 20, poids: 60, date: "hier" }))!.date).toBe(
      "2026-03-01T10:00:00.000Z",
    );
  });

  it("marks a record whose figures cannot be read as invalid", () => {
    expect(toDashboardRecord(entry("IMC_CALC", { imc: "beaucoup", poids: 70 }))).toMatchObject({
      value: null,
      valid: false,
    });
    expect(toDashboardRecord(entry("IMC_CALC", { imc: 22, poids: -70 }))).toMatchObject({ poids: null, valid: false });
    expect(toDashboardRecord(entry("IMC_CALC", {}))).toMatchObject({ valid: false, categorie: null });
    expect(toDashboardRecord(entry("CALORIES_CALC", { calories: 0 }))).toMatchObject({ value: null, valid: false });
  });

  it("takes figures up to their bound, not past it", () => {
    expect(toDashboardRecord(entry("IMC_CALC", { imc: 200, poids: 1000 }))).toMatchObject({
      value: 200,
      poids: 1000,
      valid: true,
    });
    expect(toDashboardRecord(entry("IMC_CALC", { imc: 200.5, poids: 1000.5 }))).toMatchObject({
      value: null,
      poids: null,
      valid: false,
    });
    expect(toDashboardRecord(entry("CALORIES_CALC", { calories: 100_000 }))).toMatchObject({ value: 100_000 });
    expect(toDashboardRecord(entry("CALORIES_CALC", { calories: 100_001 }))).toMatchObject({
      value: null,
      valid: false,
    });
  });

  it("cuts the category to 100 characters", () => {
    const categorie = "Corpulence normale ".repeat(10);
    expect(toDashboardRecord(entry("IMC_CALC", { imc: 22, poids: 70, categorie }))).toMatchObject({
      categorie: categorie.slice(0, 100),
    });
    expect(categorie.length).toBeGreaterThan(100);
  });

  it("drops other actions", () => {
    expect(toDashboardRecord(entry("WORKOUT", { kcal: 300 }))).toBeNull();
    expect(toDashboardRecords([entry("WORKOUT", {}), entry("IMC_CALC", { imc: 20, poids: 60 })])).toHaveLength(1);
  });

  it("charts the valid weights, oldest first", () => {
    const records = toDashboardRecords([
      entry("IMC_CALC", { imc: 24, poids: 78 }, "2026-03-03T10:00:00.000Z"),
      entry("IMC_CALC", { imc: "x", poids: 90 }, "2026-03-02T10:00:00.000Z"),
      entry("CALORIES_CALC", { calories: 2000 }, "2026-03-02T10:00:00.000Z"),
      entry("IMC_CALC", { imc: 25, poids: 80 }, "2026-03-01T10:00:00.000Z"),
    ]);
    expect(weightSeries(records)).toEqual([
      { date: "2026-03-01T10:00:00.000Z", poids: 80 },
      { date: "2026-03-03T10:00:00.000Z", poids: 78 },
    ]);
  });

  it("leaves out of the chart an IMC record without a weight", () => {
    expect(
      weightSeries([
        {
          id: "a",
          type: "imc",
          value: 22,
          date: "2026-03-01T10:00:00.000Z",
          poids: null,
          categorie: null,
          valid: true,
        },
      ]),
    ).toEqual([]);
  });
});
