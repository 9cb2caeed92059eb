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

/**
 * The muscles a description's first sentence names (French, as the build
 * words them), with the zone the builder shows each one under: the spec's
 * zones, the lats in the upper back with the traps and the mid-back, the
 * lower back alone in 'Bas du dos'.
 */
const ZONE_OF_FRENCH_MUSCLE: Record<string, MuscleZone> = {
  "les pectoraux": "pectoraux",
  "les épaules": "epaules",
  "le cou": "epaules",
  "les biceps": "biceps",
  "les triceps": "triceps",
  "les avant-bras": "avant-bras",
  "les abdominaux": "abdos-centre",
  "les obliques": "abdos-lateraux",
  "les quadriceps": "cuisses-externes",
  "les abducteurs": "cuisses-externes",
  "les ischio-jambiers": "cuisses-internes",
  "les adducteurs": "cuisses-internes",
  "les mollets": "mollets",
  "les fessiers": "fessiers",
  "les trapèzes": "dos-superieur",
  "le milieu du dos": "dos-superieur",
  "les dorsaux": "dos-superieur",
  "les lombaires": "dos-inferieur",
};

/** "des épaules" / "du milieu du dos" (after "avec l'aide", "l'explosivité") -> "les épaules" / "le milieu du dos". */
const withArticle = (words: string) => words.replace(/^des /, "les ").replace(/^du /, "le ");

/**
 * The muscles named by a description built from the template (what it
 * trains, then its helpers), primary first; null for a description written
 * out by hand, whose words follow no template.
 */
function namedMuscles(description: string): string[] | null {
  const first = description.slice(0, description.indexOf(". ") + 1 || undefined);
  const split = (list: string) => list.split(/, | et /).map(withArticle);
  const patterns = [
    /^Renforce (.+?)(?:, avec l'aide (.+))?\.$/,
    /^Développe l'explosivité (.+?)(?:, avec l'aide (.+))?\.$/,
    /^Étire (.+)\.$/,
    /^Assouplit et échauffe (.+)\.$/,
    /^Travail cardio qui sollicite surtout (.+)\.$/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(first);
    if (!match) continue;
    const muscles = [...split(match[1]!), ...(match[2] ? split(match[2]) : [])];
    return muscles.every((muscle) => muscle in ZONE_OF_FRENCH_MUSCLE) ? muscles : null;
  }
  return null;
}

/** Movements that pull a load or the body with the arms: rows, pull-ups, pulldowns, pullovers. */
const PULLING = /traction|tirage|rowing|pull-?up|pulldown|pullover|chin|\brow\b|rope climb|muscle-up/i;

describe("muscle zones of the catalogue", () => {
  const described = all.flatMap((exercise) => {
    const muscles = namedMuscles(exercise.description.fr);
    return muscles ? [{ exercise, muscles }] : [];
  });

  it("reads the muscles of most descriptions (those built from the template)", () => {
    expect(described.length).toBeGreaterThan(550);
    expect(namedMuscles("Renforce les dorsaux, avec l'aide du milieu du dos et des biceps. Tire.")).toEqual([
      "les dorsaux",
      "le milieu du dos",
      "les biceps",
    ]);
    expect(namedMuscles("Étire les fléchisseurs de la hanche. Avance.")).toBeNull();
  });

  it("files each exercise under the zone of the first muscle its description names", () => {
    const wrong = described
      .filter(({ exercise, muscles }) => exercise.primaryMuscle !== ZONE_OF_FRENCH_MUSCLE[muscles[0]!])
      .map(({ exercise, muscles }) => `${exercise.id}: ${exercise.primaryMuscle} for ${muscles[0]}`);
    expect(wrong).toEqual([]);
  });

  it("lists the zone of every muscle a description names", () => {
    const missing = described.flatMap(({ exercise, muscles }) =>
      muscles
        .filter((muscle) => !exercise.muscles.includes(ZONE_OF_FRENCH_MUSCLE[muscle]!))
        .map((muscle) => `${exercise.id}: ${muscle}`),
    );
    expect(missing).toEqual([]);
  });

  it("never files a pulling exercise of the lats under the lower back", () => {
    const lats = described.filter(
      ({ exercise, muscles }) =>
        muscles.includes("les dorsaux") &&
        (PULLING.test(`${exercise.name} ${exercise.names.en}`) || exercise.tags.includes("pull")),
    );
    // Pull-ups, rows, pulldowns, pullovers: enough of them to mean something.
    expect(lats.length).toBeGreaterThan(40);
    const onLowerBack = lats
      .filter(
        ({ exercise, muscles }) => exercise.muscles.includes("dos-inferieur") && !muscles.includes("les lombaires"),
      )
      .map(({ exercise }) => exercise.id);
    expect(onLowerBack).toEqual([]);
    for (const { exercise } of lats) expect(exercise.muscles, exercise.id).toContain("dos-superieur");
    expect(all.find((exercise) => exercise.id === "pullups")?.primaryMuscle).toBe("dos-superieur");
  });

  it("keeps the chest out of the overhead triceps extensions", () => {
    const overhead = all.filter((exercise) => /triceps/i.test(exercise.name) && /over ?head/i.test(exercise.names.en));
    expect(overhead.length).toBeGreaterThan(3);
    for (const exercise of overhead) expect(exercise.muscles, exercise.id).not.toContain("pectoraux");
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
