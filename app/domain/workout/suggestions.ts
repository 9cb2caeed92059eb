// Suggestions and search over the exercise catalogue: the spec's filters
// and score. Pure: the server builds the index once at start and runs every
// query against it; the same code serves the builder's proposed list and
// the search mode, with and without JavaScript.

import type { EquipmentId, ExerciseKind, MuscleZone } from "./catalogue-ids";
import type { Exercise } from "./catalogue";
import { fitsChoices } from "./filters";
import { normalizeText, searchTerms } from "./text";
import type { SortOrder } from "./sort-orders";

/** The languages the catalogue is written in (French is `name`, the others `names`). */
export const CATALOGUE_LANGUAGES = ["fr", "en", "de", "es"] as const;
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number];

/** At most this many results per query (offset 0: there is no paging). */
export const MAX_RESULTS = 24;

export { SORT_ORDERS, type SortOrder } from "./sort-orders";

/** The spec's weights. */
export const SCORE = {
  typeMatch: 6,
  /** Per muscle match (see muscleMatches). */
  perMuscle: 5,
  perEquipment: 3,
  levelKnown: 1,
  /** Popularity is capped to 0-100, then divided by this. */
  popularityDivisor: 20,
  /** The recency bonus is this minus log10(1 + age in days), never below 0. */
  recencyMax: 3,
  /** Text score, per search term: a name word starts with it. */
  nameWordStart: 3,
  /** ... the name contains it elsewhere. */
  nameContains: 2,
  /** ... only an alias contains it. */
  aliasContains: 1,
  /** Once per query: the whole query is the exercise's name or one of its aliases. */
  exactName: 2,
} as const;

const DAY_MS = 86_400_000;

export function localizedName(exercise: Exercise, language: CatalogueLanguage): string {
  return language === "fr" ? exercise.name : exercise.names[language];
}

/** One catalogue entry with the normalised text its queries compare against. */
export interface IndexedExercise {
  exercise: Exercise;
  names: Record<CatalogueLanguage, string>;
  aliases: string[];
  descriptions: Record<CatalogueLanguage, string>;
  addedAtMs: number;
}

export interface ExerciseIndex {
  /** Every entry, in catalogue order. */
  all: readonly IndexedExercise[];
  byId: ReadonlyMap<string, IndexedExercise>;
  /** Entries of each kind, so a query for one activity never walks the others. */
  byKind: ReadonlyMap<ExerciseKind, readonly IndexedExercise[]>;
  /** Entries of each kind and piece of equipment ("muscu/halteres"): a query with both walks only these. */
  byKindAndEquipment: ReadonlyMap<string, readonly IndexedExercise[]>;
}

const kindAndEquipment = (kind: ExerciseKind, equipment: EquipmentId) => `${kind}/${equipment}`;

function perLanguage(read: (language: CatalogueLanguage) => string): Record<CatalogueLanguage, string> {
  return { fr: read("fr"), en: read("en"), de: read("de"), es: read("es") };
}

/** Builds the index once; a repeated id keeps its first entry. */
export function buildExerciseIndex(exercises: readonly Exercise[]): ExerciseIndex {
  const byId = new Map<string, IndexedExercise>();
  const byKind = new Map<ExerciseKind, IndexedExercise[]>();
  const byKindAndEquipment = new Map<string, IndexedExercise[]>();
  const add = <K>(map: Map<K, IndexedExercise[]>, key: K, entry: IndexedExercise) => {
    const list = map.get(key);
    if (list) list.push(entry);
    else map.set(key, [entry]);
  };
  const all: IndexedExercise[] = [];
  for (const exercise of exercises) {
    if (byId.has(exercise.id)) continue;
    const entry: IndexedExercise = {
      exercise,
      names: perLanguage((language) => normalizeText(localizedName(exercise, language))),
      aliases: exercise.aliases.map(normalizeText),
      descriptions: perLanguage((language) => normalizeText(exercise.description[language])),
      addedAtMs: Date.parse(exercise.addedAt),
    };
    all.push(entry);
    byId.set(exercise.id, entry);
    for (const kind of new Set(exercise.type)) {
      add(byKind, kind, entry);
      for (const equipment of new Set(exercise.equipment))
        add(byKindAndEquipment, kindAndEquipment(kind, equipment), entry);
    }
  }
  return { all, byId, byKind, byKindAndEquipment };
}

export interface ExerciseQuery {
  /** Kinds the exercise must have one of (and that earn the type score); empty: any kind. */
  kinds?: readonly ExerciseKind[];
  /** Zones the exercise must train one of (an exercise that trains none passes); each match scores. */
  muscles?: readonly MuscleZone[];
  /** Equipment the exercise must use one of; each match scores. */
  equipment?: readonly EquipmentId[];
  /** Words matched against name, aliases and description. */
  text?: string;
  minLevel?: number;
  maxLevel?: number;
  /** The exercise must carry at least one of these tags. */
  includeTags?: readonly string[];
  /** The exercise must carry none of these tags. */
  excludeTags?: readonly string[];
  /** Ids left out (already chosen, dismissed). */
  excludeIds?: ReadonlySet<string>;
  sort?: SortOrder;
  limit?: number;
  language: CatalogueLanguage;
  now: Date;
}

export interface ScoredExercise {
  exercise: Exercise;
  score: number;
}

export interface QueryResult {
  /** How many exercises matched, before the limit. */
  total: number;
  results: ScoredExercise[];
}

const overlapCount = <T>(values: readonly T[], wanted: readonly T[]) =>
  values.reduce((count, value) => (wanted.includes(value) ? count + 1 : count), 0);

/**
 * Muscle matches over the exercise's muscle fields, `muscles` and
 * `primaryMuscle`: a chosen zone that is the exercise's primary muscle
 * matches twice, so calf raises come before squats when the calves are
 * chosen, though squats train them too.
 */
export function muscleMatches(
  exercise: Pick<Exercise, "muscles" | "primaryMuscle">,
  zones: readonly MuscleZone[],
): number {
  const primary = exercise.primaryMuscle !== null && zones.includes(exercise.primaryMuscle) ? 1 : 0;
  return overlapCount(exercise.muscles, zones) + primary;
}

/**
 * The text part of the score, per search term: 3 when a word of the name
 * starts with it, else 2 when the name contains it, else 1 when an alias
 * does; plus 2 once when the whole query is the name or an alias. The name
 * is the page language's, and the French one too on other pages.
 */
export function textScore(
  entry: IndexedExercise,
  terms: readonly string[],
  language: CatalogueLanguage,
  // Stryker disable next-line StringLiteral: no normalised name or alias equals any other placeholder either
  wholeQuery = "",
): number {
  // Stryker disable next-line StringLiteral: for French the other branch lists the French name twice, with the same score
  const names = language === "fr" ? [entry.names.fr] : [entry.names[language], entry.names.fr];
  let score = 0;
  for (const term of terms) {
    if (names.some((name) => ` ${name}`.includes(` ${term}`))) score += SCORE.nameWordStart;
    else if (names.some((name) => name.includes(term))) score += SCORE.nameContains;
    else if (entry.aliases.some((alias) => alias.includes(term))) score += SCORE.aliasContains;
  }
  if (wholeQuery && (names.includes(wholeQuery) || entry.aliases.includes(wholeQuery))) score += SCORE.exactName;
  return score;
}

/** A search term must appear in the name (page language or French), an alias or the description. */
function matchesText(entry: IndexedExercise, terms: readonly string[], language: CatalogueLanguage): boolean {
  const texts = [entry.names[language], entry.names.fr, ...entry.aliases, entry.descriptions[language]];
  return terms.some((term) => texts.some((text) => text.includes(term)));
}

export function recencyBonus(addedAtMs: number, now: Date): number {
  if (!Number.isFinite(addedAtMs)) return 0;
  const ageDays = Math.max(0, (now.getTime() - addedAtMs) / DAY_MS);
  return Math.max(0, SCORE.recencyMax - Math.log10(1 + ageDays));
}

export function popularityBonus(popularity: number): number {
  const capped = Math.min(100, Math.max(0, Number.isFinite(popularity) ? popularity : 0));
  return capped / SCORE.popularityDivisor;
}

/** A query's text, prepared once: its terms and the whole of it, normalised. */
interface PreparedText {
  terms: string[];
  whole: string;
}

function prepareText(text: string | undefined): PreparedText {
  return { terms: searchTerms(text ?? ""), whole: normalizeText(text ?? "") };
}

type ScoredQuery = Pick<ExerciseQuery, "kinds" | "muscles" | "equipment" | "language" | "now">;

function scoreEntry(entry: IndexedExercise, query: ScoredQuery, text: PreparedText): number {
  const { exercise } = entry;
  // Stryker disable next-line ArrayDeclaration: a kind no exercise has scores nothing, like no kind
  const kinds = query.kinds ?? [];
  let score = 0;
  if (kinds.length > 0 && exercise.type.some((kind) => kinds.includes(kind))) score += SCORE.typeMatch;
  // Stryker disable next-line ArrayDeclaration: a zone no exercise has matches nothing, like no zone
  score += SCORE.perMuscle * muscleMatches(exercise, query.muscles ?? []);
  // Stryker disable next-line ArrayDeclaration: equipment no exercise has matches nothing, like none
  score += SCORE.perEquipment * overlapCount(exercise.equipment, query.equipment ?? []);
  // Stryker disable next-line LogicalOperator: the catalogue schema allows levels 1 to 3 only
  if (exercise.level >= 1 && exercise.level <= 3) score += SCORE.levelKnown;
  score += textScore(entry, text.terms, query.language, text.whole);
  score += popularityBonus(exercise.popularity);
  score += recencyBonus(entry.addedAtMs, query.now);
  return score;
}

/** The spec's score of one exercise for a query (its filters aside). */
export function scoreExercise(entry: IndexedExercise, query: ScoredQuery & Pick<ExerciseQuery, "text">): number {
  return scoreEntry(entry, query, prepareText(query.text));
}

/** Whether an exercise passes the query's filters (type, muscles, equipment, text, level, tags, exclusions). */
export function passesFilters(
  entry: IndexedExercise,
  query: ExerciseQuery,
  terms = searchTerms(query.text ?? ""),
): boolean {
  const { exercise } = entry;
  if (query.excludeIds?.has(exercise.id)) return false;
  if (
    !fitsChoices(exercise, { kinds: query.kinds ?? [], muscles: query.muscles ?? [], equipment: query.equipment ?? [] })
  )
    return false;
  if (query.minLevel !== undefined && exercise.level < query.minLevel) return false;
  if (query.maxLevel !== undefined && exercise.level > query.maxLevel) return false;
  const include = query.includeTags ?? [];
  if (include.length > 0 && !exercise.tags.some((tag) => include.includes(tag))) return false;
  // Stryker disable next-line ArrayDeclaration: a tag no exercise carries excludes nothing, like none
  const exclude = query.excludeTags ?? [];
  if (exclude.length > 0 && exercise.tags.some((tag) => exclude.includes(tag))) return false;
  if (terms.length > 0 && !matchesText(entry, terms, query.language)) return false;
  return true;
}

/** The entries a query can match, from the narrowest list the index has. */
function candidates(
  index: ExerciseIndex,
  kinds: readonly ExerciseKind[],
  equipment: readonly EquipmentId[],
): Iterable<IndexedExercise> {
  if (kinds.length === 0) return index.all;
  const lists =
    equipment.length > 0
      ? kinds.flatMap((kind) =>
          equipment.map((item) => index.byKindAndEquipment.get(kindAndEquipment(kind, item)) ?? []),
        )
      : kinds.map((kind) => index.byKind.get(kind) ?? []);
  if (lists.length === 1) return lists[0]!;
  // An exercise found in several of the lists is seen once.
  const seen = new Set<IndexedExercise>();
  for (const list of lists) for (const entry of list) seen.add(entry);
  return seen;
}

const collators = new Map<CatalogueLanguage, Intl.Collator>();
function collatorFor(language: CatalogueLanguage): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: "base", numeric: true });
    // Stryker disable next-line CallExpression: a cache only; a new collator compares the same way
    collators.set(language, collator);
  }
  return collator;
}

/** Runs a query: filter, score, sort, keep the first `limit` (24 at most). */
export function queryExercises(index: ExerciseIndex, query: ExerciseQuery): QueryResult {
  const text = prepareText(query.text);
  const language = query.language;
  const collator = collatorFor(language);
  const byName = (a: ScoredExercise, b: ScoredExercise) =>
    collator.compare(localizedName(a.exercise, language), localizedName(b.exercise, language)) ||
    a.exercise.id.localeCompare(b.exercise.id);
  const compare: Record<SortOrder, (a: ScoredExercise, b: ScoredExercise) => number> = {
    relevance: (a, b) => b.score - a.score || b.exercise.popularity - a.exercise.popularity || byName(a, b),
    name: byName,
    difficulty: (a, b) => a.exercise.level - b.exercise.level || b.score - a.score || byName(a, b),
  };

  const matched: ScoredExercise[] = [];
  for (const entry of candidates(index, query.kinds ?? [], query.equipment ?? [])) {
    if (passesFilters(entry, query, text.terms))
      matched.push({ exercise: entry.exercise, score: scoreEntry(entry, query, text) });
  }
  matched.sort(compare[query.sort ?? "relevance"]);
  const limit = Math.max(0, Math.min(query.limit ?? MAX_RESULTS, MAX_RESULTS));
  return { total: matched.length, results: matched.slice(0, limit) };
}
