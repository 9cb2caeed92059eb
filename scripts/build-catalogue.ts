// npm run catalogue: writes public/data/exo/{kind}.json from the facts file
// (scripts/catalogue/exercise-facts.json: English names, muscles, equipment,
// levels) and the project's own sources under scripts/catalogue/ (names in
// four languages, aliases, popularity, form cues, authored exercises).
// Same input, same output byte for byte: nothing here reads the clock.
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import {
  EQUIPMENT_IDS,
  EXERCISE_KINDS,
  catalogueFileSchema,
  exerciseSchema,
  type CatalogueFile,
  type EquipmentId,
  type Exercise,
  type ExerciseKind,
  type MuscleZone,
} from "../app/domain/workout/catalogue.ts";
import {
  SOURCE_MUSCLES,
  trainingSentence,
  type DescriptionStyle,
  type Language,
  type SourceMuscle,
  type Texts,
} from "./catalogue/language.ts";

const projectRoot = path.resolve(import.meta.dirname, "..");
export const SOURCE_DIR = path.join(projectRoot, "scripts/catalogue");
export const OUTPUT_DIR = path.join(projectRoot, "public/data/exo");

/**
 * The facts file is committed beside the sources (a copy of the shared data
 * set, public domain) so a clean clone builds and checks the catalogue alone;
 * EXERCISE_FACTS names another file, e.g. a newer release of the data set.
 */
function findFactsFile(): string {
  if (process.env.EXERCISE_FACTS) return path.resolve(process.env.EXERCISE_FACTS);
  return path.join(SOURCE_DIR, "exercise-facts.json");
}

/** The date the catalogue was first published; an entry may name its own with added=. */
const FIRST_RELEASE = "2026-11-24";
const LANGUAGES: Language[] = ["fr", "en", "de", "es"];

export interface Fact {
  id: string;
  name: string;
  category: string;
  level: "beginner" | "intermediate" | "expert";
  force: string | null;
  mechanic: string | null;
  equipment: string | null;
  primaryMuscles: string[];
  secondaryMuscles: string[];
}

const ZONE_OF: Record<SourceMuscle, MuscleZone> = {
  chest: "pectoraux",
  shoulders: "epaules",
  biceps: "biceps",
  triceps: "triceps",
  forearms: "avant-bras",
  abdominals: "abdos-centre",
  obliques: "abdos-lateraux",
  quadriceps: "cuisses-externes",
  abductors: "cuisses-externes",
  hamstrings: "cuisses-internes",
  adductors: "cuisses-internes",
  calves: "mollets",
  glutes: "fessiers",
  traps: "dos-superieur",
  "middle back": "dos-superieur",
  // The lats are an upper-back muscle: pull-ups and rows belong under 'Haut du
  // dos', and 'Bas du dos' keeps the lumbar work (deadlifts, extensions).
  lats: "dos-superieur",
  "lower back": "dos-inferieur",
  neck: "epaules",
};

/** Facts equipment with a spec id; the others (bands, balls, "other", none) need eq= on the entry. */
const EQUIPMENT_OF: Record<string, EquipmentId> = {
  "body only": "poids-du-corps",
  dumbbell: "halteres",
  barbell: "barre",
  "e-z curl bar": "barre",
  machine: "machine",
  kettlebells: "kettlebell",
  cable: "poulie",
};

const KIND_OF_CATEGORY: Record<string, ExerciseKind> = {
  strength: "muscu",
  powerlifting: "muscu",
  "olympic weightlifting": "muscu",
  strongman: "muscu",
  stretching: "etirement",
  cardio: "cardio",
  plyometrics: "hiit",
};

const LEVEL_OF = { beginner: 1, intermediate: 2, expert: 3 } as const;

/** Abdominal work that turns or bends the trunk sideways trains the obliques. */
const OBLIQUE_WORK =
  /twist|side bend|oblique|windmill|wood ?chop|side bridge|side jackknife|heel touch|cross-body crunch|elbow to knee|judo|180s|figure 8|spell caster|side plank|lateral stretch/i;
/** Helpers in the order a description names them: large movers before small ones. */
const HELPER_RANK = Object.fromEntries(
  (
    [
      "glutes",
      "quadriceps",
      "hamstrings",
      "chest",
      "lats",
      "shoulders",
      "middle back",
      "lower back",
      "triceps",
      "biceps",
      "abdominals",
      "obliques",
      "calves",
      "traps",
      "forearms",
      "adductors",
      "abductors",
      "neck",
    ] satisfies SourceMuscle[]
  ).map((muscle, rank) => [muscle, rank]),
) as Record<SourceMuscle, number>;

const UNILATERAL = /one-arm|one arm|single|one-leg|one leg|alternat|see-saw|seesaw/i;

const STYLE_OF_KIND: Record<ExerciseKind, DescriptionStyle> = {
  muscu: "strength",
  cardio: "cardio",
  hiit: "explosive",
  etirement: "stretch",
  yoga: "stretch",
  natation: "cardio",
  meditation: "stretch",
};

interface SourceEntry {
  key: string;
  file: string;
  line: number;
  fr: string;
  names: { en: string; de: string; es: string };
  popularity: number;
  cue: string;
  options: Map<string, string>;
  description?: Partial<Texts>;
}

export interface CatalogueBuild {
  files: Map<ExerciseKind, string>;
  /** Facts ids left out, with the reason given in the sources. */
  skipped: Map<string, string>;
  /** Facts ids the sources neither name nor skip. */
  unhandled: string[];
}

class SourceError extends Error {
  constructor(where: string, message: string) {
    super(`${where}: ${message}`);
  }
}

function readCues(sourceDir: string): Map<string, Texts> {
  const cues = new Map<string, Texts>();
  const file = path.join(sourceDir, "cues.txt");
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((raw, index) => {
      const line = raw.trim();
      if (!line || line.startsWith("#")) return;
      const [key, fr, en, de, es, ...extra] = line.split("|").map((part) => part.trim());
      const where = `cues.txt:${index + 1}`;
      if (!key || !fr || !en || !de || !es || extra.length)
        throw new SourceError(where, "expected key | fr | en | de | es");
      if (cues.has(key)) throw new SourceError(where, `cue ${key} defined twice`);
      cues.set(key, { fr, en, de, es });
    });
  return cues;
}

function readEntries(sourceDir: string): { entries: SourceEntry[]; skipped: Map<string, string> } {
  const entries: SourceEntry[] = [];
  const skipped = new Map<string, string>();
  const dir = path.join(sourceDir, "exercises");
  // In name order: the files' numbers keep the sources in a stable, readable sequence.
  const sourceFiles = readdirSync(dir)
    .filter((name) => name.endsWith(".txt"))
    .toSorted();
  for (const file of sourceFiles) {
    let current: SourceEntry | undefined;
    readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .forEach((raw, index) => {
        const where = `${file}:${index + 1}`;
        const line = raw.trim();
        if (!line || line.startsWith("#")) return;
        const descriptionLine = /^(fr|en|de|es):\s*(.+)$/.exec(line);
        if (descriptionLine && raw.startsWith(" ")) {
          if (!current) throw new SourceError(where, "description line with no entry above");
          const language = descriptionLine[1] as Language;
          current.description ??= {};
          if (current.description[language]) throw new SourceError(where, `second ${language} description`);
          current.description[language] = descriptionLine[2]!.trim();
          return;
        }
        const parts = line.split("|").map((part) => part.trim());
        const key = parts[0]!;
        if (parts[1]?.startsWith("skip:")) {
          skipped.set(key, parts.slice(1).join(" | ").slice(5).trim());
          current = undefined;
          return;
        }
        const [, fr, en, de, es, popularity, cue, ...optionParts] = parts;
        if (!fr || !en || !de || !es || !popularity || !cue) {
          throw new SourceError(where, "expected key | fr | en | de | es | popularity | cue | options…");
        }
        if (!/^\d{1,3}$/.test(popularity) || Number(popularity) > 100) {
          throw new SourceError(where, `popularity ${popularity} is not a whole number 0-100`);
        }
        const options = new Map<string, string>();
        for (const option of optionParts) {
          const match = /^([a-z]+)=(.*)$/.exec(option);
          if (!match) throw new SourceError(where, `option "${option}" is not key=value`);
          options.set(match[1]!, match[2]!.trim());
        }
        current = {
          key,
          file,
          line: index + 1,
          fr,
          names: { en, de, es },
          popularity: Number(popularity),
          cue,
          options,
        };
        entries.push(current);
      });
  }
  return { entries, skipped };
}

const list = (value: string | undefined, separator = ",") =>
  value
    ? value
        .split(separator)
        .map((item) => item.trim())
        .filter(Boolean)
    : [];

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const unique = <T>(items: T[]) => [...new Set(items)];

function toSourceMuscle(name: string, where: string): SourceMuscle {
  if (!(SOURCE_MUSCLES as readonly string[]).includes(name)) throw new SourceError(where, `unknown muscle "${name}"`);
  return name as SourceMuscle;
}

function buildExercise(entry: SourceEntry, fact: Fact | undefined, cues: Map<string, Texts>): Exercise {
  const where = `${entry.file}:${entry.line} (${entry.key})`;
  const { options } = entry;
  const known = new Set(["a", "eq", "m", "kind", "also", "lvl", "tags", "style", "added"]);
  for (const key of options.keys()) if (!known.has(key)) throw new SourceError(where, `unknown option ${key}=`);

  const kindOption = options.get("kind");
  const kind = (kindOption ?? (fact ? KIND_OF_CATEGORY[fact.category] : undefined)) as ExerciseKind | undefined;
  if (!kind || !EXERCISE_KINDS.includes(kind)) throw new SourceError(where, `no valid kind (kind=${kindOption ?? ""})`);

  let muscles: SourceMuscle[];
  const muscleOption = options.get("m");
  if (muscleOption === "none") muscles = [];
  else if (muscleOption) muscles = list(muscleOption).map((name) => toSourceMuscle(name, where));
  else if (fact) {
    const obliques = OBLIQUE_WORK.test(fact.name);
    const toMuscle = (name: string) => (name === "abdominals" && obliques ? "obliques" : toSourceMuscle(name, where));
    // The facts list helpers alphabetically; the big movers come first here, so
    // a description names the helpers that matter.
    const helpers = fact.secondaryMuscles.map(toMuscle).toSorted((a, b) => HELPER_RANK[a] - HELPER_RANK[b]);
    muscles = [...fact.primaryMuscles.map(toMuscle), ...helpers];
  } else throw new SourceError(where, "an authored exercise needs m=");
  muscles = unique(muscles);

  let equipment: EquipmentId[];
  const equipmentOption = options.get("eq");
  if (equipmentOption) equipment = list(equipmentOption) as EquipmentId[];
  else {
    // Stretches and jumps with no listed or an "other" tool (a wall, a box, a cone) need no weights.
    const noWeights = kind !== "muscu" && (!fact?.equipment || fact.equipment === "other");
    const mapped = noWeights ? "poids-du-corps" : fact?.equipment ? EQUIPMENT_OF[fact.equipment] : undefined;
    if (!mapped) throw new SourceError(where, `equipment "${fact?.equipment ?? "none"}" needs eq=`);
    equipment = [mapped];
  }
  equipment = unique(equipment).toSorted((a, b) => EQUIPMENT_IDS.indexOf(a) - EQUIPMENT_IDS.indexOf(b));

  const levelOption = options.get("lvl");
  const level = levelOption ? Number(levelOption) : fact ? LEVEL_OF[fact.level] : undefined;
  if (level !== 1 && level !== 2 && level !== 3)
    throw new SourceError(where, "an authored exercise needs lvl=1, 2 or 3");

  const tags: string[] = [];
  if (fact?.mechanic === "compound" || fact?.mechanic === "isolation") tags.push(fact.mechanic);
  if (fact?.force === "push" || fact?.force === "pull") tags.push(fact.force);
  if (fact?.force === "static" && kind !== "etirement") tags.push("isometric");
  if (UNILATERAL.test(fact?.name ?? entry.names.en)) tags.push("unilateral");
  if (fact?.category === "plyometrics") tags.push("plyometric");
  if (kind === "etirement") tags.push("stretch");
  tags.push(...list(options.get("tags")));

  const mobility = kind === "etirement" && tags.includes("mobility");
  const style = (options.get("style") as DescriptionStyle | undefined) ?? (mobility ? "mobility" : STYLE_OF_KIND[kind]);
  let description: Texts;
  if (entry.description) {
    const missing = LANGUAGES.filter((language) => !entry.description![language]);
    if (missing.length) throw new SourceError(where, `description lacks ${missing.join(", ")}`);
    description = entry.description as Texts;
  } else {
    const cue = cues.get(entry.cue);
    if (!cue) throw new SourceError(where, `unknown cue "${entry.cue}"`);
    if (!muscles.length) throw new SourceError(where, "an exercise with no muscle needs its description written out");
    const first = trainingSentence(style, muscles);
    description = Object.fromEntries(
      LANGUAGES.map((language) => [language, `${first[language]} ${cue[language]}`]),
    ) as Texts;
  }

  const extraTypes = list(options.get("also")) as ExerciseKind[];
  const aliases = unique([
    entry.names.en,
    ...(fact && fact.name !== entry.names.en ? [fact.name] : []),
    ...list(options.get("a"), ";"),
  ]).filter((alias) => alias.toLowerCase() !== entry.fr.toLowerCase());

  const exercise: Exercise = {
    id: entry.key.startsWith("+") ? entry.key.slice(1) : slugify(entry.key),
    slug: slugify(entry.fr),
    name: entry.fr,
    names: entry.names,
    aliases,
    type: unique([kind, ...extraTypes]),
    muscles: unique(muscles.map((muscle) => ZONE_OF[muscle])),
    primaryMuscle: muscles[0] ? ZONE_OF[muscles[0]] : null,
    equipment,
    level,
    popularity: entry.popularity,
    addedAt: options.get("added") ?? FIRST_RELEASE,
    tags: unique(tags),
    description,
  };
  const parsed = exerciseSchema.safeParse(exercise);
  if (!parsed.success)
    throw new SourceError(where, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return exercise;
}

export function readFacts(file = findFactsFile()): Fact[] {
  return JSON.parse(readFileSync(file, "utf8")) as Fact[];
}

/** One exercise per line: small, and a change shows as a one-line diff. */
function serialise(exercises: Exercise[]): string {
  if (!exercises.length) return `{"exercises":[]}\n`;
  return `{"exercises":[\n${exercises.map((exercise) => JSON.stringify(exercise)).join(",\n")}\n]}\n`;
}

/** Builds every file in memory; tests pass their own facts and source folder. */
export function buildCatalogue({
  facts = readFacts(),
  sourceDir = SOURCE_DIR,
}: { facts?: Fact[]; sourceDir?: string } = {}): CatalogueBuild {
  const cues = readCues(sourceDir);
  const { entries, skipped } = readEntries(sourceDir);
  const factById = new Map(facts.map((fact) => [fact.id, fact]));
  const byKind = new Map<ExerciseKind, Exercise[]>(EXERCISE_KINDS.map((kind) => [kind, []]));
  const seenIds = new Map<string, string>();
  const seenSlugs = new Map<string, string>();
  const named = new Set<string>();

  for (const key of skipped.keys()) {
    if (!factById.has(key)) throw new Error(`skip of unknown fact ${key}`);
  }
  for (const entry of entries) {
    const fact = entry.key.startsWith("+") ? undefined : factById.get(entry.key);
    if (!entry.key.startsWith("+")) {
      if (!fact) throw new SourceError(`${entry.file}:${entry.line}`, `unknown fact id ${entry.key}`);
      if (named.has(entry.key) || skipped.has(entry.key))
        throw new SourceError(`${entry.file}:${entry.line}`, `${entry.key} appears twice`);
      named.add(entry.key);
    }
    const exercise = buildExercise(entry, fact, cues);
    const where = `${entry.file}:${entry.line}`;
    if (seenIds.has(exercise.id))
      throw new SourceError(where, `id ${exercise.id} already used at ${seenIds.get(exercise.id)}`);
    if (seenSlugs.has(exercise.slug))
      throw new SourceError(where, `French name "${exercise.name}" already used at ${seenSlugs.get(exercise.slug)}`);
    seenIds.set(exercise.id, where);
    seenSlugs.set(exercise.slug, where);
    byKind.get(exercise.type[0]!)!.push(exercise);
  }

  const files = new Map<ExerciseKind, string>();
  for (const [kind, exercises] of byKind) {
    exercises.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)); // by id: stable across builds
    catalogueFileSchema.parse({ exercises });
    files.set(kind, serialise(exercises));
  }
  const unhandled = facts.map((fact) => fact.id).filter((id) => !named.has(id) && !skipped.has(id));
  return { files, skipped, unhandled };
}

export const catalogueFilePath = (kind: ExerciseKind) => path.join(OUTPUT_DIR, `${kind}.json`);

if (import.meta.main) {
  const { files, skipped, unhandled } = buildCatalogue();
  if (!existsSync(OUTPUT_DIR)) mkdirSync(OUTPUT_DIR, { recursive: true });
  let total = 0;
  for (const [kind, content] of files) {
    writeFileSync(catalogueFilePath(kind), content);
    const count = (JSON.parse(content) as CatalogueFile).exercises.length;
    total += count;
    console.log(`${kind}: ${count} exercises, ${Buffer.byteLength(content)} bytes`);
  }
  console.log(`total: ${total} exercises; facts skipped: ${skipped.size}; facts not yet handled: ${unhandled.length}`);
  if (unhandled.length) console.log(unhandled.join("\n"));
}
