import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Exercise } from "../app/domain/workout/catalogue.ts";
import { buildCatalogue, slugify, type Fact } from "./build-catalogue.ts";
import { trainingSentence } from "./catalogue/language.ts";

const fact = (overrides: Partial<Fact> & Pick<Fact, "id" | "name">): Fact => ({
  category: "strength",
  level: "beginner",
  force: "push",
  mechanic: "compound",
  equipment: "barbell",
  primaryMuscles: ["chest"],
  secondaryMuscles: [],
  ...overrides,
});

const CUES = [
  "press | Pousse fort. | Press hard. | Drück kräftig. | Empuja fuerte.",
  "twist | Tourne lentement. | Turn slowly. | Dreh langsam. | Gira despacio.",
].join("\n");

/** A source folder with the given exercise lines, built against the given facts. */
function build(lines: string[], facts: Fact[] = [], cues = CUES) {
  const dir = mkdtempSync(path.join(tmpdir(), "catalogue-sources-"));
  mkdirSync(path.join(dir, "exercises"));
  writeFileSync(path.join(dir, "cues.txt"), `# test cues\n${cues}\n`);
  writeFileSync(path.join(dir, "exercises", "10-test.txt"), `# test entries\n${lines.join("\n")}\n`);
  return buildCatalogue({ facts, sourceDir: dir });
}

const exercisesOf = (result: ReturnType<typeof build>, kind: string): Exercise[] =>
  (JSON.parse(result.files.get(kind as never)!) as { exercises: Exercise[] }).exercises;

describe("building a catalogue exercise from a fact", () => {
  const bench = fact({
    id: "Barbell_Bench_Press",
    name: "Barbell Bench Press",
    secondaryMuscles: ["triceps", "shoulders"],
  });

  it("takes muscles, equipment, level and kind from the fact, and names and popularity from the source", () => {
    const result = build(
      ["Barbell_Bench_Press | Développé couché | Bench Press | Bankdrücken | Press de banca | 97 | press | a=DC"],
      [bench],
    );
    const [exercise] = exercisesOf(result, "muscu");
    expect(exercise).toMatchObject({
      id: "barbell-bench-press",
      slug: "developpe-couche",
      name: "Développé couché",
      names: { en: "Bench Press", de: "Bankdrücken", es: "Press de banca" },
      aliases: ["Bench Press", "Barbell Bench Press", "DC"],
      type: ["muscu"],
      // Helpers are named big movers first: shoulders before triceps.
      muscles: ["pectoraux", "epaules", "triceps"],
      primaryMuscle: "pectoraux",
      equipment: ["barre"],
      level: 1,
      popularity: 97,
      tags: ["compound", "push"],
    });
    expect(exercise!.description).toEqual({
      fr: "Renforce les pectoraux, avec l'aide des épaules et des triceps. Pousse fort.",
      en: "Strengthens the chest, with help from the shoulders and triceps. Press hard.",
      de: "Kräftigt die Brust. Die Schultern und der Trizeps arbeiten mit. Drück kräftig.",
      es: "Fortalece el pecho, con ayuda de los hombros y de los tríceps. Empuja fuerte.",
    });
  });

  it("files abdominal twists under the obliques (abdos-lateraux)", () => {
    const twist = fact({
      id: "Russian_Twist",
      name: "Russian Twist",
      equipment: "body only",
      primaryMuscles: ["abdominals"],
    });
    const [exercise] = exercisesOf(
      build(["Russian_Twist | Russian twist | Russian Twist | Russian Twist | Giro ruso | 70 | twist"], [twist]),
      "muscu",
    );
    expect(exercise!.primaryMuscle).toBe("abdos-lateraux");
    expect(exercise!.equipment).toEqual(["poids-du-corps"]);
  });

  it("files the lats under the upper back and keeps the lower back for the lumbar muscles", () => {
    const pullUp = fact({
      id: "Pullups",
      name: "Pullups",
      force: "pull",
      equipment: "body only",
      primaryMuscles: ["lats"],
      secondaryMuscles: ["biceps", "middle back"],
    });
    const deadlift = fact({
      id: "Deadlift",
      name: "Deadlift",
      force: "pull",
      primaryMuscles: ["lower back"],
      secondaryMuscles: ["glutes", "hamstrings"],
    });
    const exercises = exercisesOf(
      build(
        [
          "Pullups | Tractions | Pull-Up | Klimmzüge | Dominadas | 90 | press",
          "Deadlift | Soulevé de terre | Deadlift | Kreuzheben | Peso muerto | 95 | press",
        ],
        [pullUp, deadlift],
      ),
      "muscu",
    );
    expect(exercises.find((exercise) => exercise.id === "pullups")).toMatchObject({
      muscles: ["dos-superieur", "biceps"],
      primaryMuscle: "dos-superieur",
    });
    expect(exercises.find((exercise) => exercise.id === "deadlift")).toMatchObject({
      muscles: ["dos-inferieur", "fessiers", "cuisses-internes"],
      primaryMuscle: "dos-inferieur",
    });
  });

  it("lets options override muscles, equipment, level and kind, and lists extra kinds after the file's kind", () => {
    const jump = fact({ id: "Jump", name: "Jump", category: "plyometrics", equipment: "other" });
    const [exercise] = exercisesOf(
      build(
        ["Jump | Saut | Jump | Sprung | Salto | 40 | press | m=quadriceps,glutes | lvl=3 | also=cardio | tags=fun"],
        [jump],
      ),
      "hiit",
    );
    expect(exercise).toMatchObject({
      type: ["hiit", "cardio"],
      muscles: ["cuisses-externes", "fessiers"],
      equipment: ["poids-du-corps"],
      level: 3,
      tags: ["compound", "push", "plyometric", "fun"],
    });
    expect(exercise!.description.fr).toBe(
      "Développe l'explosivité des quadriceps, avec l'aide des fessiers. Pousse fort.",
    );
  });

  it("keeps a written-out description, and allows no muscle for meditation", () => {
    const [exercise] = exercisesOf(
      build([
        "+calm | Calme | Calm | Ruhe | Calma | 10 | - | kind=meditation | m=none | eq=poids-du-corps | lvl=1",
        "  fr: Respire lentement pendant cinq minutes.",
        "  en: Breathe slowly for five minutes.",
        "  de: Atme fünf Minuten lang langsam.",
        "  es: Respira despacio durante cinco minutos.",
      ]),
      "meditation",
    );
    expect(exercise).toMatchObject({ id: "calm", muscles: [], primaryMuscle: null, equipment: ["poids-du-corps"] });
    expect(exercise!.description.de).toBe("Atme fünf Minuten lang langsam.");
  });

  it("writes the same bytes from the same sources, whatever the order of the lines", () => {
    const facts = [bench, fact({ id: "Dip", name: "Dip", equipment: "body only", primaryMuscles: ["triceps"] })];
    const lines = [
      "Barbell_Bench_Press | Développé couché | Bench Press | Bankdrücken | Press de banca | 97 | press",
      "Dip | Dips | Dip | Dips | Fondos | 70 | press",
    ];
    expect(build(lines, facts).files.get("muscu")).toBe(build(lines.toReversed(), facts).files.get("muscu"));
  });
});

describe("refusing sources that would give a wrong catalogue", () => {
  const dip = fact({ id: "Dip", name: "Dip", equipment: "body only", primaryMuscles: ["triceps"] });

  it("refuses two exercises with the same French name (their slugs would clash)", () => {
    expect(() =>
      build(
        [
          "Dip | Dips | Dip | Dips | Fondos | 70 | press",
          "+other-dip | Dips | Other Dip | Andere Dips | Otros fondos | 10 | press | kind=muscu | m=triceps | eq=poids-du-corps | lvl=1",
        ],
        [dip],
      ),
    ).toThrow(/French name "Dips" already used/);
  });

  it("refuses an unknown cue, an unknown option and an unknown fact id", () => {
    expect(() => build(["Dip | Dips | Dip | Dips | Fondos | 70 | nope"], [dip])).toThrow(/unknown cue "nope"/);
    expect(() => build(["Dip | Dips | Dip | Dips | Fondos | 70 | press | colour=red"], [dip])).toThrow(
      /unknown option colour=/,
    );
    expect(() => build(["Nope | Rien | Nothing | Nichts | Nada | 70 | press"], [dip])).toThrow(/unknown fact id Nope/);
  });

  it("refuses a strength fact whose equipment has no spec id unless eq= says what it is", () => {
    const band = fact({ id: "Band", name: "Band Row", equipment: "bands" });
    expect(() =>
      build(["Band | Tirage élastique | Band Row | Bandrudern | Remo con banda | 10 | press"], [band]),
    ).toThrow(/equipment "bands" needs eq=/);
  });

  it("refuses a popularity outside 0-100, and a description missing a language", () => {
    expect(() => build(["Dip | Dips | Dip | Dips | Fondos | 101 | press"], [dip])).toThrow(/popularity 101/);
    expect(() =>
      build(
        [
          "Dip | Dips | Dip | Dips | Fondos | 70 | - ",
          "  fr: Une description assez longue.",
          "  en: A long enough text.",
        ],
        [dip],
      ),
    ).toThrow(/description lacks de, es/);
  });

  it("reports facts neither named nor skipped, and keeps the reasons of skipped ones", () => {
    const result = build(["Dip | skip: the test leaves it out"], [dip, fact({ id: "Row", name: "Row" })]);
    expect(result.unhandled).toEqual(["Row"]);
    expect(result.skipped.get("Dip")).toBe("the test leaves it out");
  });
});

describe("the first sentence of a description", () => {
  it("contracts French and Spanish articles (du, del) and agrees the German verb", () => {
    expect(trainingSentence("strength", ["lats", "middle back"])).toEqual({
      fr: "Renforce les dorsaux, avec l'aide du milieu du dos.",
      en: "Strengthens the lats, with help from the mid-back.",
      de: "Kräftigt den breiten Rückenmuskel. Der mittlere Rücken arbeitet mit.",
      es: "Fortalece el dorsal ancho, con ayuda de la zona media de la espalda.",
    });
    expect(trainingSentence("strength", ["triceps", "chest"]).es).toBe("Fortalece los tríceps, con ayuda del pecho.");
    expect(trainingSentence("strength", ["biceps", "forearms"]).de).toBe(
      "Kräftigt den Bizeps. Die Unterarme arbeiten mit.",
    );
  });

  it("names at most three helpers", () => {
    const sentence = trainingSentence("strength", ["quadriceps", "glutes", "hamstrings", "calves", "lower back"]);
    expect(sentence.en).toBe("Strengthens the quadriceps, with help from the glutes, hamstrings and calves.");
  });

  it("words stretches, mobility drills and cardio as such", () => {
    expect(trainingSentence("stretch", ["hamstrings", "calves"]).fr).toBe("Étire les ischio-jambiers et les mollets.");
    expect(trainingSentence("mobility", ["shoulders"]).de).toBe("Lockert und wärmt die Schultern auf.");
    expect(trainingSentence("cardio", ["quadriceps"]).es).toBe(
      "Trabajo cardiovascular que implica sobre todo los cuádriceps.",
    );
  });
});

it("slugifies French names to lower-case ascii words", () => {
  expect(slugify("Élévations latérales (assis) à la poulie")).toBe("elevations-laterales-assis-a-la-poulie");
  expect(slugify("Étirement du cœur")).toBe("etirement-du-coeur");
});
