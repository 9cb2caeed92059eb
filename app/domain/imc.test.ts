import { describe, expect, it } from "vitest";
import {
  IMC_CATEGORIES,
  IMC_GAUGE_BANDS,
  IMC_GAUGE_RANGE,
  IMC_LIMITS,
  IMC_MESSAGES,
  computeImc,
  computeImcResult,
  imcCategory,
  imcGauge,
  validateImcInput,
} from "./imc.ts";
import { imcFormSchema } from "./imc-schema.ts";

describe("IMC messages", () => {
  it("says tu, writes the ranges out, and names the limits it checks (weight from 30 kg)", () => {
    expect(IMC_MESSAGES.invalidNumbers).toBe("Entre un poids et une taille valides.");
    expect(IMC_MESSAGES.outOfRange).toBe(
      "La taille doit être comprise entre 50 et 300 cm, et le poids entre 30 et 500 kg.",
    );
    const { heightCm, weightKg } = IMC_LIMITS;
    expect(IMC_MESSAGES.outOfRange).toContain(`entre ${heightCm.min} et ${heightCm.max} cm`);
    expect(IMC_MESSAGES.outOfRange).toContain(`entre ${weightKg.min} et ${weightKg.max} kg`);
    expect(IMC_MESSAGES.outOfRange).not.toMatch(/[–-]/);
  });
});

describe("computeImc", () => {
  it("divides the weight by the squared height in metres, one decimal (70 kg, 175 cm -> 22.9)", () => {
    // 70 / 1.75² = 70 / 3.0625 = 22.857... -> 22.9
    expect(computeImc(70, 175)).toBe(22.9);
  });

  it.each([
    // weight, height, raw value, shown value
    [80, 180, "80 / 3.24 = 24.691...", 24.7],
    [50, 300, "50 / 9 = 5.555...", 5.6],
    [500, 50, "500 / 0.25 = 2000", 2000],
    [70.5, 175.5, "70.5 / 3.080025 = 22.889...", 22.9],
    [100, 200, "100 / 4 = 25", 25],
  ])("%d kg, %d cm: %s -> %d", (weight, height, _arithmetic, expected) => {
    expect(computeImc(weight, height)).toBe(expected);
  });

  it("rounds the raw value to one decimal (raw 18.49 -> 18.5)", () => {
    // 73.96 / 2² = 18.49
    expect(computeImc(73.96, 200)).toBe(18.5);
    // 73.76 / 2² = 18.44
    expect(computeImc(73.76, 200)).toBe(18.4);
  });

  it.each([
    [0, 175],
    [70, 0],
    [-70, 175],
    [Number.NaN, 175],
    [70, Number.POSITIVE_INFINITY],
  ])("throws on unvalidated input (%d kg, %d cm)", (weight, height) => {
    expect(() => computeImc(weight, height)).toThrow(
      new RangeError(`computeImc needs positive finite numbers, got ${weight} kg, ${height} cm`),
    );
  });
});

describe("imcCategory", () => {
  it.each([
    // Each threshold exactly, and one displayed step (0.1) below it.
    [10, "denutrition-severe"],
    [16.4, "denutrition-severe"],
    [16.5, "maigreur"],
    [18.4, "maigreur"],
    [18.5, "normal"],
    [22.9, "normal"],
    [24.9, "normal"],
    [25, "surpoids"],
    [29.9, "surpoids"],
    [30, "obesite-moderee"],
    [34.9, "obesite-moderee"],
    [35, "obesite-severe"],
    [39.9, "obesite-severe"],
    [40, "obesite-massive"],
    [2000, "obesite-massive"],
    [Number.POSITIVE_INFINITY, "obesite-massive"],
  ])("%d -> %s", (value, expectedId) => {
    expect(imcCategory(value).id).toBe(expectedId);
  });

  it.each([
    // Raw values just under a threshold that display as the threshold itself
    // take the threshold's category, so the label matches the number shown.
    [16.45, 16.5, "maigreur"],
    [18.45, 18.5, "normal"],
    [18.49, 18.5, "normal"],
    [24.95, 25, "surpoids"],
    [29.96, 30, "obesite-moderee"],
    [34.97, 35, "obesite-severe"],
    [39.99, 40, "obesite-massive"],
    // ... and raw values that still display below the threshold do not.
    [16.44, 16.4, "denutrition-severe"],
    [18.44, 18.4, "maigreur"],
    [24.94, 24.9, "normal"],
    [39.94, 39.9, "obesite-severe"],
  ])("raw %d (shown %d) -> %s", (raw, _shown, expectedId) => {
    expect(imcCategory(raw).id).toBe(expectedId);
  });

  it("throws on NaN", () => {
    expect(() => imcCategory(Number.NaN)).toThrow(new RangeError("imcCategory needs a number, got NaN"));
  });

  it("has seven categories, in increasing order, each with French texts", () => {
    expect(IMC_CATEGORIES.map((category) => category.id)).toEqual([
      "denutrition-severe",
      "maigreur",
      "normal",
      "surpoids",
      "obesite-moderee",
      "obesite-severe",
      "obesite-massive",
    ]);
    expect(IMC_CATEGORIES.map((category) => category.below)).toEqual([
      16.5,
      18.5,
      25,
      30,
      35,
      40,
      Number.POSITIVE_INFINITY,
    ]);
    for (const category of IMC_CATEGORIES) {
      expect(category.label).not.toBe("");
      expect(category.description).toMatch(/\.$/);
      expect(category.conseil).toMatch(/\.$/);
    }
    expect(new Set(IMC_CATEGORIES.map((category) => category.label)).size).toBe(7);
  });
});

describe("computeImcResult", () => {
  it("gives what the result panel shows and the history stores", () => {
    const normal = IMC_CATEGORIES.find((category) => category.id === "normal");
    expect(computeImcResult(70, 175)).toEqual({
      imc: 22.9,
      categoryId: "normal",
      categorie: "Corpulence normale",
      description: normal?.description,
      conseil: normal?.conseil,
    });
  });

  it("keeps the shown value and the category consistent at a boundary (raw 18.49)", () => {
    const result = computeImcResult(73.96, 200);
    expect(result.imc).toBe(18.5);
    expect(result.categoryId).toBe("normal");
  });
});

describe("imcGauge", () => {
  it("places 22.9 at 31.6 % in the normal band", () => {
    // (22.9 - 15) / (40 - 15) * 100 = 7.9 / 25 * 100 = 31.6
    expect(imcGauge(22.9)).toMatchObject({ value: 22.9, percent: 31.6, band: "normal" });
  });

  it.each([
    [5, 15, 0, "maigreur"],
    [15, 15, 0, "maigreur"],
    [40, 40, 100, "obesite"],
    [55.3, 40, 100, "obesite"],
    [2000, 40, 100, "obesite"],
  ])("clamps %d to %d (%d %%, %s)", (value, clamped, percent, band) => {
    expect(imcGauge(value)).toMatchObject({ value: clamped, percent, band });
  });

  it.each([
    [18.4, "maigreur"],
    [18.5, "normal"],
    [24.9, "normal"],
    [25, "surpoids"],
    [29.9, "surpoids"],
    [30, "obesite"],
    [39.9, "obesite"],
    // Rounded like the category: raw 24.95 is shown as 25.0.
    [24.95, "surpoids"],
    [18.49, "normal"],
  ])("%d is in the %s band", (value, band) => {
    expect(imcGauge(value).band).toBe(band);
  });

  it("computes the percentage along 15..40", () => {
    // (27.5 - 15) / 25 * 100 = 50
    expect(imcGauge(27.5).percent).toBe(50);
    // (18.5 - 15) / 25 * 100 = 14
    expect(imcGauge(18.5).percent).toBe(14);
  });

  it("returns the band boundaries in percent for drawing", () => {
    // 18.5 -> 3.5 / 25 = 14 %, 25 -> 10 / 25 = 40 %, 30 -> 15 / 25 = 60 %
    expect(imcGauge(22.9).bands).toEqual([
      { id: "maigreur", fromPercent: 0, toPercent: 14 },
      { id: "normal", fromPercent: 14, toPercent: 40 },
      { id: "surpoids", fromPercent: 40, toPercent: 60 },
      { id: "obesite", fromPercent: 60, toPercent: 100 },
    ]);
  });

  it("has contiguous bands covering the whole gauge", () => {
    expect(IMC_GAUGE_BANDS[0]?.from).toBe(IMC_GAUGE_RANGE.min);
    expect(IMC_GAUGE_BANDS.at(-1)?.to).toBe(IMC_GAUGE_RANGE.max);
    for (let index = 1; index < IMC_GAUGE_BANDS.length; index += 1) {
      expect(IMC_GAUGE_BANDS[index]?.from).toBe(IMC_GAUGE_BANDS[index - 1]?.to);
    }
  });

  it("throws on NaN", () => {
    expect(() => imcGauge(Number.NaN)).toThrow(new RangeError("imcGauge needs a number, got NaN"));
  });
});

describe("validateImcInput", () => {
  const invalid = { ok: false, message: "invalidNumbers" };
  const outOfRange = { ok: false, message: "outOfRange" };

  it("accepts numbers typed with a dot or a comma", () => {
    expect(validateImcInput({ poids: "70", taille: "175" })).toEqual({ ok: true, poids: 70, taille: 175 });
    expect(validateImcInput({ poids: "70,5", taille: "175.5" })).toEqual({
      ok: true,
      poids: 70.5,
      taille: 175.5,
    });
    expect(validateImcInput({ poids: " 70,5 ", taille: "175" })).toMatchObject({ ok: true, poids: 70.5 });
  });

  it("accepts JSON numbers", () => {
    expect(validateImcInput({ poids: 70, taille: 175 })).toEqual({ ok: true, poids: 70, taille: 175 });
  });

  it.each([
    ["height 50", { poids: "70", taille: "50" }],
    ["height 300", { poids: "70", taille: "300" }],
    ["weight 30", { poids: "30", taille: "175" }],
    ["weight 45 (a light adult)", { poids: "45", taille: "160" }],
    ["weight 49.9", { poids: "49,9", taille: "175" }],
    ["weight 500", { poids: "500", taille: "175" }],
    ["both at their minimum", { poids: "30", taille: "50" }],
    ["both at their maximum", { poids: "500", taille: "300" }],
  ])("accepts the inclusive limit: %s", (_label, raw) => {
    expect(validateImcInput(raw).ok).toBe(true);
  });

  it.each([
    ["height 49.9", { poids: "70", taille: "49,9" }],
    ["height 300.1", { poids: "70", taille: "300.1" }],
    ["weight 29.9", { poids: "29.9", taille: "175" }],
    ["weight 500.1", { poids: "500,1", taille: "175" }],
    ["height 0", { poids: "70", taille: "0" }],
    ["negative JSON weight", { poids: -70, taille: 175 }],
  ])("rejects out of range: %s", (_label, raw) => {
    expect(validateImcInput(raw)).toEqual(outOfRange);
  });

  it.each([
    ["letters", { poids: "abc", taille: "175" }],
    ["empty weight", { poids: "", taille: "175" }],
    ["empty height", { poids: "70", taille: "" }],
    ["both empty", { poids: "", taille: "" }],
    ["missing fields", {}],
    ["null", { poids: null, taille: "175" }],
    ["exponent", { poids: "7e1", taille: "175" }],
    ["two separators", { poids: "70,5,1", taille: "175" }],
    ["sign", { poids: "-70", taille: "175" }],
    ["NaN number", { poids: Number.NaN, taille: 175 }],
  ])("rejects non-numbers: %s", (_label, raw) => {
    expect(validateImcInput(raw)).toEqual(invalid);
  });

  it("reports non-numbers before ranges, as in the spec", () => {
    // The height is out of range, but the weight is not even a number.
    expect(validateImcInput({ poids: "abc", taille: "20" })).toEqual(invalid);
  });

  it("exposes the limits it checks", () => {
    expect(IMC_LIMITS).toEqual({ heightCm: { min: 50, max: 300 }, weightKg: { min: 30, max: 500 } });
  });
});

describe("imcFormSchema", () => {
  function formEntries(fields: Record<string, string>): Record<string, FormDataEntryValue> {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.append(name, value);
    return Object.fromEntries(formData);
  }

  it("parses form fields with a comma into numbers", () => {
    const result = imcFormSchema.safeParse(formEntries({ poids: "70,5", taille: "175" }));
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ poids: 70.5, taille: 175 });
  });

  it("parses a JSON body with numbers or strings", () => {
    expect(imcFormSchema.parse({ poids: 70, taille: 175 })).toEqual({ poids: 70, taille: 175 });
    expect(imcFormSchema.parse({ poids: "70", taille: 175 })).toEqual({ poids: 70, taille: 175 });
  });

  it("ignores unknown keys", () => {
    expect(imcFormSchema.parse({ poids: "70", taille: "175", intent: "save" })).toEqual({ poids: 70, taille: 175 });
  });

  function onlyIssue(input: unknown) {
    const result = imcFormSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    return result.error?.issues[0];
  }

  it("gives the spec's first message, at form level, for non-numbers", () => {
    const issue = onlyIssue(formEntries({ poids: "abc", taille: "175" }));
    expect(issue?.message).toBe("invalidNumbers");
    expect(issue?.path).toEqual([]);
  });

  it("gives the first message for fields a form left empty (conform sends undefined)", () => {
    expect(onlyIssue({ poids: undefined, taille: "175" })?.message).toBe("invalidNumbers");
    expect(onlyIssue({})?.message).toBe("invalidNumbers");
  });

  it.each([null, "70", [70, 175], 42])("gives the first message for a body that is not an object (%j)", (body) => {
    expect(onlyIssue(body)?.message).toBe("invalidNumbers");
  });

  it("gives the spec's second message, at form level, out of range", () => {
    const issue = onlyIssue({ poids: "70", taille: "300,1" });
    expect(issue?.message).toBe("outOfRange");
    expect(issue?.path).toEqual([]);
  });

  it("agrees with validateImcInput", () => {
    const samples = [
      { poids: "70", taille: "175" },
      { poids: "29,9", taille: "175" },
      { poids: "49,9", taille: "175" },
      { poids: "x", taille: "1000" },
      { poids: "500", taille: "50" },
    ];
    for (const sample of samples) {
      const plain = validateImcInput(sample);
      const parsed = imcFormSchema.safeParse(sample);
      expect(parsed.success).toBe(plain.ok);
      if (!plain.ok) expect(parsed.error?.issues[0]?.message).toBe(plain.message);
    }
  });
});

describe("imcFormSchema's issue", () => {
  it("is one custom issue naming the rule's message key", () => {
    const result = imcFormSchema.safeParse({ poids: "beaucoup", taille: "175" });
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(["custom"]);
  });
});
