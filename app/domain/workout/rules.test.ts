import { describe, expect, it } from "vitest";
import {
  ACTIVITY_KINDS,
  allowedEquipment,
  equipmentRefusal,
  isEquipmentGap,
  forcedChoices,
  isActivityType,
  skipsChoiceSteps,
} from "./activities";
import { EQUIPMENT_IDS, MUSCLE_ZONES } from "./catalogue-ids";
import { normalizeMulti, toggleMulti, toggleSingle } from "./selection";
import { nextTipIndex, randomIndex, tipRotationDelay } from "./tips";
import { ALL_GROUP_ZONES, canShowBodyDiagram, toMuscleZone } from "./zones";

describe("forced choices", () => {
  it("gives swimming and yoga body weight and all six groups (every zone)", () => {
    for (const activity of ["natation", "yoga"] as const) {
      expect(forcedChoices(activity)).toEqual({ equipment: ["poids-du-corps"], muscles: [...MUSCLE_ZONES] });
    }
    expect(ALL_GROUP_ZONES).toEqual(MUSCLE_ZONES);
  });

  it("gives meditation body weight and no muscle", () => {
    expect(forcedChoices("meditation")).toEqual({ equipment: ["poids-du-corps"], muscles: [] });
  });

  it("forces nothing for the other activities", () => {
    for (const activity of ["muscu", "cardio", "endurance", "etirement", null] as const) {
      expect(forcedChoices(activity)).toBeNull();
    }
  });

  it("skips the equipment and muscle steps for swimming, yoga and meditation only", () => {
    expect(["natation", "yoga", "meditation"].every((a) => skipsChoiceSteps(a as never))).toBe(true);
    expect(["muscu", "cardio", "endurance", "etirement"].some((a) => skipsChoiceSteps(a as never))).toBe(false);
  });
});

describe("activity types", () => {
  it("draw from their own catalogue kinds; cardio and endurance from cardio and HIIT", () => {
    expect(ACTIVITY_KINDS).toEqual({
      muscu: ["muscu"],
      cardio: ["cardio", "hiit"],
      endurance: ["cardio", "hiit"],
      yoga: ["yoga"],
      natation: ["natation"],
      etirement: ["etirement"],
      meditation: ["meditation"],
    });
    expect(isActivityType("endurance")).toBe(true);
    expect(isActivityType("hiit")).toBe(false);
    expect(isActivityType(["muscu"])).toBe(false);
  });
});

describe("allowed equipment and the equipment message", () => {
  it("allows body weight only for swimming, yoga, meditation and stretching", () => {
    for (const activity of ["natation", "yoga", "meditation", "etirement"] as const) {
      expect(allowedEquipment(activity)).toEqual(["poids-du-corps"]);
    }
    for (const activity of ["muscu", "cardio", "endurance"] as const) {
      expect(allowedEquipment(activity)).toEqual(EQUIPMENT_IDS);
    }
  });

  it("has jokes for swimming and meditation (weights, cable, barbell, kettlebell) and stretching (dumbbells, cable, barbell)", () => {
    expect(equipmentRefusal("natation", "halteres")).toEqual({
      activity: "natation",
      equipment: "halteres",
      reason: "activity",
      joke: "natation.halteres",
    });
    for (const equipment of ["halteres", "poulie", "barre", "kettlebell"] as const) {
      expect(equipmentRefusal("natation", equipment)?.joke).toBe(`natation.${equipment}`);
    }
    for (const equipment of ["halteres", "poulie", "barre", "kettlebell"] as const) {
      expect(equipmentRefusal("meditation", equipment)?.joke).toBe(`meditation.${equipment}`);
    }
    for (const equipment of ["halteres", "poulie", "barre"] as const) {
      expect(equipmentRefusal("etirement", equipment)?.joke).toBe(`etirement.${equipment}`);
    }
  });

  it("falls back to the plain message elsewhere, and says nothing for allowed equipment", () => {
    expect(equipmentRefusal("natation", "machine")).toEqual({
      activity: "natation",
      equipment: "machine",
      reason: "activity",
      joke: null,
    });
    expect(equipmentRefusal("etirement", "kettlebell")?.joke).toBeNull();
    expect(equipmentRefusal("yoga", "barre")?.joke).toBeNull();
    expect(equipmentRefusal("muscu", "barre")).toBeNull();
    expect(equipmentRefusal("etirement", "poids-du-corps")).toBeNull();
    expect(equipmentRefusal(null, "barre")).toBeNull();
  });

  it("refuses allowed equipment that gives no exercise for the activity, with its own reason and no joke", () => {
    const gaps = { cardio: ["barre", "poulie"] } as const;
    expect(equipmentRefusal("cardio", "barre", gaps)).toEqual({
      activity: "cardio",
      equipment: "barre",
      reason: "no-exercise",
      joke: null,
    });
    expect(equipmentRefusal("cardio", "halteres", gaps)).toBeNull();
    expect(equipmentRefusal("muscu", "barre", gaps)).toBeNull();
    expect(equipmentRefusal(null, "barre", gaps)).toBeNull();
    // Not allowed at all wins over having no exercise.
    expect(equipmentRefusal("etirement", "barre", { etirement: ["barre"] })?.reason).toBe("activity");
    expect(isEquipmentGap(gaps, "cardio", "poulie")).toBe(true);
    expect(isEquipmentGap(gaps, "endurance", "poulie")).toBe(false);
    expect(isEquipmentGap(gaps, null, "poulie")).toBe(false);
  });
});

describe("picker selection", () => {
  it("single select: clicking the selected item clears it, another replaces it, an unknown one changes nothing", () => {
    const known = ["a", "b", "c"] as const;
    expect(toggleSingle(null, "b", known)).toBe("b");
    expect(toggleSingle("b", "b", known)).toBeNull();
    expect(toggleSingle("b", "c", known)).toBe("c");
    expect(toggleSingle("b", "zzz", known)).toBe("b");
  });

  it("multi select: toggles, keeps canonical order, drops duplicates and unknown ids", () => {
    expect(toggleMulti(["mollets"], "pectoraux", MUSCLE_ZONES)).toEqual(["pectoraux", "mollets"]);
    expect(toggleMulti(["pectoraux", "mollets"], "pectoraux", MUSCLE_ZONES)).toEqual(["mollets"]);
    expect(toggleMulti(["mollets", "mollets", "nope"], "biceps", MUSCLE_ZONES)).toEqual(["biceps", "mollets"]);
    expect(toggleMulti(["fessiers"], "nope", MUSCLE_ZONES)).toEqual(["fessiers"]);
    expect(normalizeMulti(["poulie", "halteres", "poulie", "elastique"], EQUIPMENT_IDS)).toEqual([
      "halteres",
      "poulie",
    ]);
  });
});

describe("zones", () => {
  it("reads the upper-case fallback ids as their zones", () => {
    expect(toMuscleZone("BICEPS")).toBe("biceps");
    expect(toMuscleZone("FOREARMS")).toBe("avant-bras");
    expect(toMuscleZone("QUADRICEPS")).toBe("cuisses-externes");
    expect(toMuscleZone("HAMSTRINGS")).toBe("cuisses-internes");
    expect(toMuscleZone("CALVES")).toBe("mollets");
    expect(toMuscleZone("GLUTES")).toBe("fessiers");
    expect(toMuscleZone("BACK_UPPER")).toBe("dos-superieur");
    expect(toMuscleZone("BACK_LOWER")).toBe("dos-inferieur");
    expect(toMuscleZone("pectoraux")).toBe("pectoraux");
    expect(toMuscleZone("CHEST")).toBeNull();
    expect(toMuscleZone("toString")).toBeNull();
  });

  it("shows the body diagram only when the cards cover chest, back, shoulders, core, an arm and a leg zone", () => {
    expect(canShowBodyDiagram(MUSCLE_ZONES)).toBe(true);
    expect(canShowBodyDiagram(["pectoraux", "BACK_UPPER", "epaules", "abdos-centre", "TRICEPS", "CALVES"])).toBe(true);
    expect(canShowBodyDiagram(["pectoraux", "dos-superieur", "epaules", "abdos-centre", "biceps"])).toBe(false);
    expect(canShowBodyDiagram(["dos-superieur", "epaules", "abdos-centre", "biceps", "mollets"])).toBe(false);
    expect(canShowBodyDiagram([])).toBe(false);
  });
});

describe("tip rotation", () => {
  it("rotates every 5 minutes, never faster than every 30 seconds", () => {
    expect(tipRotationDelay()).toBe(300_000);
    expect(tipRotationDelay(10_000)).toBe(30_000);
    expect(tipRotationDelay(Number.NaN)).toBe(300_000);
  });

  it("starts at a random tip and wraps around", () => {
    expect(randomIndex(10, () => 0)).toBe(0);
    expect(randomIndex(10, () => 0.999999)).toBe(9);
    expect(randomIndex(10, () => 0.35)).toBe(3);
    expect(randomIndex(0)).toBe(0);
    // A random source that reaches 1 still gives a tip that exists.
    expect(randomIndex(10, () => 1)).toBe(9);
    expect(nextTipIndex(9, 10)).toBe(0);
    expect(nextTipIndex(3, 0)).toBe(0);
    expect(nextTipIndex(3, 10)).toBe(4);
  });
});

describe("random text groups", () => {
  it("have as many phrases as the page picks from, in every language", async () => {
    const { readFileSync } = await import("node:fs");
    const { RANDOM_TEXT_COUNTS } = await import("./random-texts");
    for (const language of ["fr", "en", "de", "es"]) {
      const texts = JSON.parse(readFileSync(`locales/${language}/workout.json`, "utf8"));
      expect(texts.greetings.named, language).toHaveLength(RANDOM_TEXT_COUNTS.greetings);
      expect(texts.greetings.generic, language).toHaveLength(RANDOM_TEXT_COUNTS.greetings);
      for (const group of ["type", "equipment", "muscle"]) {
        expect(texts.prompts[group], `${language} ${group}`).toHaveLength(RANDOM_TEXT_COUNTS.prompts);
      }
      expect(texts.tips.items, language).toHaveLength(RANDOM_TEXT_COUNTS.tips);
    }
  });
});
