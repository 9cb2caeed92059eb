import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildCatalogue, catalogueFilePath } from "../../../scripts/build-catalogue.ts";
import {
  EXERCISE_KINDS,
  MUSCLE_ZONES,
  catalogueFileSchema,
  type Exercise,
  type ExerciseKind,
  type MuscleZone,
} from "./catalogue.ts";
import { fixtureExercise } from "./test-catalogue";

// The committed files, exactly as the server and browsers receive them.
const raw = new Map(EXERCISE_KINDS.map((kind) => [kind, readFileSync(catalogueFilePath(kind), "utf8")]));
const files = new Map(
  EXERCISE_KINDS.map((kind) => [kind, catalogueFileSchema.safeParse(JSON.parse(raw.get(kind)!))] as const),
);
const exercisesOf = (kind: ExerciseKind): Exercise[] => files.get(kind)?.data?.exercises ?? [];
const all = EXERCISE_KINDS.flatMap((kind) => exercisesOf(kind));

const isBodyWeightOnly = (exercise: Exercise) =>
  exercise.equipment.length === 1 && exercise.equipment[0] === "poids-du-corps";

describe("exercise catalogue files (public/data/exo)", () => {
  it.each(EXERCISE_KINDS)("%s.json passes the schema", (kind) => {
    const parsed = files.get(kind)!;
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("has at least 600 exercises, and at least 10 of every kind", () => {
    expect(all.length).toBeGreaterThanOrEqual(600);
    for (const kind of EXERCISE_KINDS) expect(exercisesOf(kind).length, kind).toBeGreaterThanOrEqual(10);
  });

  it("gives every exercise an id and a slug used nowhere else in the catalogue", () => {
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    expect(duplicates(all.map((exercise) => exercise.id))).toEqual([]);
    expect(duplicates(all.map((exercise) => exercise.slug))).toEqual([]);
  });

  it("starts every type list with the kind of the file the exercise sits in", () => {
    for (const kind of EXERCISE_KINDS) {
      const misplaced = exercisesOf(kind).filter((exercise) => exercise.type[0] !== kind);
      expect(
        misplaced.map((exercise) => exercise.id),
        kind,
      ).toEqual([]);
    }
  });

  it("lists every HIIT exercise under cardio too (endurance draws from both)", () => {
    const notCardio = exercisesOf("hiit").filter((exercise) => !exercise.type.includes("cardio"));
    expect(notCardio.map((exercise) => exercise.id)).toEqual([]);
  });

  it.each(MUSCLE_ZONES)(
    "offers at least 3 dumbbell and 3 body-weight strength exercises for %s",
    (zone: MuscleZone) => {
      const strength = exercisesOf("muscu").filter((exercise) => exercise.primaryMuscle === zone);
      expect(strength.filter((exercise) => exercise.equipment.includes("halteres")).length).toBeGreaterThanOrEqual(3);
      // Forearms are trained with a load: dumbbells are enough there.
      if (zone !== "avant-bras") expect(strength.filter(isBodyWeightOnly).length).toBeGreaterThanOrEqual(3);
    },
  );

  it("offers only body-weight exercises where the builder forces body weight (swimming, yoga, meditation, stretching)", () => {
    for (const kind of ["natation", "yoga", "meditation", "etirement"] as const) {
      const loaded = exercisesOf(kind).filter((exercise) => !isBodyWeightOnly(exercise));
      expect(
        loaded.map((exercise) => exercise.id),
        kind,
      ).toEqual([]);
    }
  });

  it("gives meditation no muscle at all", () => {
    for (const exercise of exercisesOf("meditation")) {
      expect(exercise.muscles, exercise.id).toEqual([]);
      expect(exercise.primaryMuscle, exercise.id).toBeNull();
    }
  });

  it("writes English, German and Spanish without French spacing, and keeps the glossary's words", () => {
    const frenchSpacing = / [:;?!]/;
    for (const exercise of all) {
      for (const text of [
        exercise.names.en,
        exercise.names.de,
        exercise.names.es,
        exercise.description.en,
        exercise.description.de,
        exercise.description.es,
      ]) {
        expect(text, exercise.id).not.toMatch(frenchSpacing);
      }
      expect(exercise.description.de, exercise.id).not.toMatch(/Workout/i);
      expect(exercise.description.es, exercise.id).not.toMatch(/\bcoger\b|\bsesión\b/i);
      expect(exercise.description.en, exercise.id).not.toMatch(/\bsession\b/i);
    }
  });

  it("names every exercise in the English aliases so a search in English finds it", () => {
    for (const exercise of all) {
      if (exercise.names.en.toLowerCase() !== exercise.name.toLowerCase()) {
        expect(exercise.aliases, exercise.id).toContain(exercise.names.en);
      }
    }
  });
});

describe("catalogue build (npm run catalogue)", () => {
  const build = buildCatalogue();

  it.each(EXERCISE_KINDS)("writes exactly the committed %s.json (the files are never edited by hand)", (kind) => {
    expect(
      build.files.get(kind) === raw.get(kind),
      `run npm run catalogue and commit public/data/exo/${kind}.json`,
    ).toBe(true);
  });

  it("gives the same bytes on a second run: nothing depends on the clock or on order of discovery", () => {
    const again = buildCatalogue();
    for (const kind of EXERCISE_KINDS) expect(again.files.get(kind)).toBe(build.files.get(kind));
  });

  it("names or deliberately leaves out every exercise of the facts file, with a reason", () => {
    expect(build.unhandled).toEqual([]);
    for (const [id, reason] of build.skipped) expect(reason.length, id).toBeGreaterThan(5);
  });
});

describe("exercise schema", () => {
  it("refuses a primary muscle the exercise does not list among its muscles", () => {
    expect(() =>
      fixtureExercise({ id: "curl-test", name: "Curl de test", muscles: ["biceps"], primaryMuscle: "pectoraux" }),
    ).toThrow("primaryMuscle must be one of muscles");
    expect(
      fixtureExercise({ id: "curl-test", name: "Curl de test", muscles: ["biceps"], primaryMuscle: "biceps" }).id,
    ).toBe("curl-test");
  });
});
