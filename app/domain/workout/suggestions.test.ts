import { describe, expect, it } from "vitest";
import {
  buildExerciseIndex,
  MAX_RESULTS,
  passesFilters,
  popularityBonus,
  queryExercises,
  recencyBonus,
  scoreExercise,
  textScore,
} from "./suggestions";
import { fixtureExercise, testCatalogue } from "./test-catalogue";
import { searchTerms } from "./text";

const index = buildExerciseIndex(testCatalogue);
const entry = (id: string) => index.byId.get(id)!;
/** 2020-01-01 + 999 days: a recency bonus of exactly 0 for the fixtures. */
const now = new Date(Date.parse("2020-01-01") + 999 * 86_400_000);
const ids = (result: { results: { exercise: { id: string } }[] }) => result.results.map((r) => r.exercise.id);

describe("score", () => {
  it("adds type 6, 5 per muscle, 3 per equipment, 1 for a known level, popularity / 20 and recency", () => {
    // Dumbbell bench press for muscu, chest + triceps, dumbbells, added 999 days ago.
    // Muscles: chest and triceps in its list (2), chest again as its primary muscle (1): 3 matches.
    // 6 + 5*3 + 3 + 1 + 90/20 + (3 - log10(1000)) = 6 + 15 + 3 + 1 + 4.5 + 0 = 29.5
    const score = scoreExercise(entry("developpe-couche-halteres"), {
      kinds: ["muscu"],
      muscles: ["pectoraux", "triceps"],
      equipment: ["halteres"],
      language: "fr",
      now,
    });
    expect(score).toBeCloseTo(29.5, 10);
  });

  it("gives no type score when no type is asked, and counts only matching muscles and equipment", () => {
    // Push-ups: no kinds asked (0), chest in the list and as primary muscle (2 x 5), biceps no,
    // dumbbells asked but not used (0), level 1, popularity 100 (5).
    const score = scoreExercise(entry("pompes"), {
      muscles: ["pectoraux", "biceps"],
      equipment: ["halteres"],
      language: "fr",
      now,
    });
    expect(score).toBeCloseTo(10 + 1 + 5, 10);
  });

  it("puts the exercises whose primary muscle is chosen first", () => {
    const calves = buildExerciseIndex([
      fixtureExercise({
        id: "squat",
        name: "Squat",
        muscles: ["fessiers", "cuisses-externes", "mollets"],
        primaryMuscle: "cuisses-externes",
        equipment: ["poids-du-corps"],
        popularity: 100,
      }),
      fixtureExercise({
        id: "mollets-debout",
        name: "Mollets debout",
        muscles: ["mollets"],
        primaryMuscle: "mollets",
        equipment: ["poids-du-corps"],
        popularity: 30,
      }),
    ]);
    // Squat: 1 match (5) + popularity 5 = 10 (+1 level); calf raise: 2 matches (10) + 1.5 = 11.5 (+1).
    const result = queryExercises(calves, { muscles: ["mollets"], language: "fr", now });
    expect(result.results.map((r) => [r.exercise.id, r.score])).toEqual([
      ["mollets-debout", 12.5],
      ["squat", 11],
    ]);
  });

  it("caps popularity to 0-100 before dividing by 20", () => {
    expect(popularityBonus(150)).toBe(5);
    expect(popularityBonus(-10)).toBe(0);
    expect(popularityBonus(35)).toBe(1.75);
  });

  it("gives 3 - log10(1 + age in days) for recency, never below 0, 3 for a future date", () => {
    const added = Date.parse("2024-01-01");
    const day = 86_400_000;
    expect(recencyBonus(added, new Date(added))).toBe(3);
    expect(recencyBonus(added, new Date(added + 9 * day))).toBeCloseTo(2, 10);
    expect(recencyBonus(added, new Date(added + 99 * day))).toBeCloseTo(1, 10);
    expect(recencyBonus(added, new Date(added + 5000 * day))).toBe(0);
    expect(recencyBonus(added, new Date(added - 5 * day))).toBe(3);
  });

  it("scores name and alias text: 3 for a name word start, 2 inside the name, 1 in an alias, 2 for the exact name", () => {
    const bench = entry("developpe-couche-halteres");
    // "couche" starts a word of the French name: 3.
    expect(textScore(bench, searchTerms("couché"), "fr")).toBe(3);
    // "ouch" is inside "couche": 2.
    expect(textScore(bench, searchTerms("ouch"), "fr")).toBe(2);
    // "dumbbell" is only in an alias on a French page: 1.
    expect(textScore(bench, searchTerms("dumbbell"), "fr")).toBe(1);
    // On an English page the English name counts: 3 + 3 for the words, + 2 for the exact name.
    expect(textScore(bench, searchTerms("Dumbbell bench press"), "en", "dumbbell bench press")).toBe(3 + 3 + 3 + 2);
    // An alias matched as a whole: "developpe couche" is an alias; both words start name words (3 + 3) + 2.
    expect(textScore(bench, searchTerms("Développé couché"), "fr", "developpe couche")).toBe(8);
  });

  it("reads the French name too on other pages, and gives nothing for a description-only match", () => {
    const bench = entry("developpe-couche-halteres");
    // "ouch" is inside the French name only: 2, not the alias's 1.
    expect(textScore(bench, searchTerms("ouch"), "en")).toBe(2);
    // "souffle" is only in the description of the box breathing: it matches, but scores nothing.
    expect(textScore(entry("respiration-carree"), searchTerms("souffle"), "fr", "souffle")).toBe(0);
    // A query that is not the whole name gets no exact-name bonus.
    expect(textScore(bench, searchTerms("couché"), "fr", "couche")).toBe(3);
  });

  it("matches when any term of a query does", () => {
    expect(ids(queryExercises(index, { text: "écarté zzz", language: "fr", now }))).toEqual(["ecarte-halteres"]);
  });

  it("gives no type score to an exercise of another kind, and the recency bonus to a new one", () => {
    // Push-ups asked for swimming: no type score; level 1, popularity 100 (5).
    expect(scoreExercise(entry("pompes"), { kinds: ["natation"], language: "fr", now })).toBeCloseTo(6, 10);
    // Added today: + 3.
    const fresh = buildExerciseIndex([fixtureExercise({ id: "new", name: "New", addedAt: "2024-05-01" })]);
    const today = new Date("2024-05-01T00:00:00Z");
    expect(scoreExercise(fresh.byId.get("new")!, { language: "fr", now: today })).toBeCloseTo(1 + 3, 10);
    expect(recencyBonus(Number.NaN, today)).toBe(0);
  });

  it("adds the text score to the rest", () => {
    // Crawl, natation, no muscles/equipment asked, level 1, popularity 60 (3), query "crawl" (3 + exact 2).
    const score = scoreExercise(entry("crawl"), { kinds: ["natation"], text: "Crawl", language: "fr", now });
    expect(score).toBeCloseTo(6 + 1 + 3 + 3 + 2, 10);
  });
});

describe("filters", () => {
  it("keeps the activity's kinds, one of the muscles and one of the equipment", () => {
    const result = queryExercises(index, {
      kinds: ["muscu"],
      muscles: ["pectoraux"],
      equipment: ["halteres"],
      language: "fr",
      now,
    });
    expect(ids(result)).toEqual(["developpe-couche-halteres", "ecarte-halteres"]);
    expect(result.total).toBe(2);
  });

  it("lets an exercise that trains no muscle through the muscle filter (meditation)", () => {
    const result = queryExercises(index, { kinds: ["meditation"], muscles: [], language: "fr", now });
    expect(ids(result)).toEqual(["respiration-carree"]);
  });

  it("matches name, alias or description, accent-insensitive and lower-cased; ignores terms under 2 characters", () => {
    const search = (text: string, language: "fr" | "en" = "fr") => ids(queryExercises(index, { text, language, now }));
    expect(search("ÉCARTÉ")).toEqual(["ecarte-halteres"]);
    expect(search("push")).toEqual(["pompes"]);
    // Only in the description of the box breathing.
    expect(search("souffle")).toEqual(["respiration-carree"]);
    expect(search("breath", "en")).toEqual(["respiration-carree"]);
    // "a" is too short: the query is empty, everything matches.
    expect(queryExercises(index, { text: "a", language: "fr", now }).total).toBe(testCatalogue.length);
    expect(search("zzz")).toEqual([]);
  });

  it("applies level bounds and included and excluded tags", () => {
    const all = { language: "fr" as const, now };
    const level = (minLevel?: number, maxLevel?: number) =>
      ids(queryExercises(index, { ...all, minLevel, maxLevel, sort: "name" }));
    expect(level(3)).toEqual(["souleve-de-terre"]);
    expect(level(undefined, 1)).toEqual([
      "crawl",
      "curl-biceps-halteres",
      "developpe-couche-halteres",
      "pompes",
      "respiration-carree",
    ]);
    expect(level(2, 2)).toEqual(["burpees", "ecarte-halteres"]);
    expect(ids(queryExercises(index, { ...all, includeTags: ["polyarticulaire"] }))).toEqual(["souleve-de-terre"]);
    const withoutTag = queryExercises(index, { ...all, excludeTags: ["polyarticulaire"] });
    expect(ids(withoutTag)).not.toContain("souleve-de-terre");
    expect(withoutTag.total).toBe(testCatalogue.length - 1);
    // One excluded tag among several is enough to leave an exercise out.
    const tagged = buildExerciseIndex([
      fixtureExercise({ id: "tag-a", name: "Exo A", tags: ["polyarticulaire", "maison"] }),
      fixtureExercise({ id: "tag-b", name: "Exo B", tags: ["maison"] }),
    ]);
    expect(ids(queryExercises(tagged, { ...all, excludeTags: ["polyarticulaire"] }))).toEqual(["tag-b"]);
  });

  it("leaves out excluded ids (chosen and dismissed)", () => {
    const result = queryExercises(index, {
      kinds: ["muscu"],
      muscles: ["pectoraux"],
      equipment: ["halteres"],
      excludeIds: new Set(["developpe-couche-halteres"]),
      language: "fr",
      now,
    });
    expect(ids(result)).toEqual(["ecarte-halteres"]);
  });

  it("finds HIIT exercises under the cardio kinds", () => {
    expect(ids(queryExercises(index, { kinds: ["cardio", "hiit"], language: "fr", now }))).toEqual(["burpees"]);
  });
});

describe("sorting and limit", () => {
  const many = buildExerciseIndex(
    Array.from({ length: 30 }, (_, i) =>
      fixtureExercise({
        id: `exo-${i}`,
        name: `Exo ${String.fromCharCode(97 + (i % 26))}${i}`,
        popularity: i,
        level: ((i % 3) + 1) as 1 | 2 | 3,
      }),
    ),
  );

  it("returns at most 24 results and says how many matched", () => {
    const result = queryExercises(many, { language: "fr", now });
    expect(result.results).toHaveLength(MAX_RESULTS);
    expect(result.total).toBe(30);
    expect(queryExercises(many, { language: "fr", now, limit: 100 }).results).toHaveLength(MAX_RESULTS);
  });

  it("sorts by relevance (score, then popularity), by name, or by difficulty", () => {
    const relevance = queryExercises(many, { language: "fr", now }).results;
    expect(relevance[0]!.exercise.id).toBe("exo-29");
    expect(relevance.map((r) => r.score)).toEqual(relevance.map((r) => r.score).toSorted((a, b) => b - a));

    const byName = queryExercises(index, { language: "fr", now, sort: "name" }).results.map((r) => r.exercise.name);
    expect(byName).toEqual([
      "Burpees",
      "Crawl",
      "Curl biceps aux haltères",
      "Développé couché aux haltères",
      "Écarté couché aux haltères",
      "Pompes",
      "Respiration carrée",
      "Soulevé de terre",
    ]);

    const byLevel = queryExercises(index, { language: "fr", now, sort: "difficulty" }).results.map(
      (r) => r.exercise.level,
    );
    expect(byLevel).toEqual(byLevel.toSorted((a, b) => a - b));
  });

  it("sorts by difficulty, then by score within a level", () => {
    // Level 1 muscu: push-ups (popularity 100), bench press (90), curl (80); then the fly (2), the deadlift (3).
    expect(ids(queryExercises(index, { kinds: ["muscu"], language: "fr", now, sort: "difficulty" }))).toEqual([
      "pompes",
      "developpe-couche-halteres",
      "curl-biceps-halteres",
      "ecarte-halteres",
      "souleve-de-terre",
    ]);
  });

  it("keeps the first of two entries with the same id", () => {
    const twice = buildExerciseIndex([
      fixtureExercise({ id: "same", name: "First" }),
      fixtureExercise({ id: "same", name: "Second" }),
    ]);
    expect(twice.all.map((indexed) => indexed.exercise.name)).toEqual(["First"]);
    expect(twice.byId.get("same")!.exercise.name).toBe("First");
  });

  it("sorts names in the page's language", () => {
    const names = queryExercises(index, { language: "en", now, sort: "name", kinds: ["muscu"] }).results.map(
      (r) => r.exercise.names.en,
    );
    expect(names).toEqual(["Deadlift", "Dumbbell bench press", "Dumbbell curl", "Dumbbell fly", "Push-ups"]);
  });
});

describe("the index", () => {
  it("keeps each entry's normalised names and descriptions in the four languages", () => {
    // Built inside the test: what a server start does.
    const built = buildExerciseIndex(testCatalogue).byId.get("pompes")!;
    expect(built.names).toEqual({ fr: "pompes", en: "push ups", de: "liegestutze", es: "flexiones" });
    expect(built.aliases).toEqual(["push up", "push up"]);
    expect(built.descriptions).toEqual({
      fr: "une description de test assez longue",
      en: "a test description long enough",
      de: "eine testbeschreibung lang genug",
      es: "una descripcion de prueba bastante larga",
    });
  });

  it("lists the entries of each kind, and of each kind and piece of equipment, in catalogue order", () => {
    const built = buildExerciseIndex(testCatalogue);
    const idsOf = (list: readonly { exercise: { id: string } }[] | undefined) =>
      (list ?? []).map((indexed) => indexed.exercise.id);
    expect(idsOf(built.byKind.get("muscu"))).toEqual([
      "developpe-couche-halteres",
      "pompes",
      "ecarte-halteres",
      "curl-biceps-halteres",
      "souleve-de-terre",
    ]);
    expect(idsOf(built.byKind.get("hiit"))).toEqual(["burpees"]);
    expect(idsOf(built.byKindAndEquipment.get("muscu/halteres"))).toEqual([
      "developpe-couche-halteres",
      "ecarte-halteres",
      "curl-biceps-halteres",
    ]);
    expect(idsOf(built.byKindAndEquipment.get("cardio/poids-du-corps"))).toEqual(["burpees"]);
  });
});

describe("edges of the score and the filters", () => {
  it("gives the type score to an exercise that has one of the asked kinds among others", () => {
    // Burpees (hiit and cardio) for cardio: 6 + level 1 + popularity 70 / 20 = 10.5.
    const score = scoreExercise(entry("burpees"), { kinds: ["cardio"], language: "fr", now });
    expect(score).toBeCloseTo(10.5, 10);
  });

  it("reads the query's own text when no terms are given", () => {
    const query = { language: "fr" as const, now };
    expect(passesFilters(entry("crawl"), query)).toBe(true);
    expect(passesFilters(entry("crawl"), { ...query, text: "pompes" })).toBe(false);
    expect(passesFilters(entry("pompes"), { ...query, text: "pompes" })).toBe(true);
  });

  it("finds nothing for a kind the catalogue has none of", () => {
    expect(queryExercises(index, { kinds: ["yoga"], language: "fr", now })).toEqual({ total: 0, results: [] });
  });

  it("finds an exercise of only one of several asked kinds", () => {
    const hiitOnly = buildExerciseIndex([
      fixtureExercise({ id: "corde", name: "Corde à sauter", type: ["cardio"], equipment: ["poids-du-corps"] }),
      fixtureExercise({ id: "sprints", name: "Sprints", type: ["hiit"], equipment: ["poids-du-corps"] }),
    ]);
    const query = { kinds: ["cardio", "hiit"] as const, language: "fr" as const, now, sort: "name" as const };
    expect(ids(queryExercises(hiitOnly, query))).toEqual(["corde", "sprints"]);
    expect(ids(queryExercises(hiitOnly, { ...query, equipment: ["poids-du-corps"] }))).toEqual(["corde", "sprints"]);
  });

  it("breaks a tie of score by popularity, whatever the catalogue order", () => {
    // Same score: "Zeta" (no muscle, so it passes the filter) 1 (level) + 100 / 20; "Alpha" 5 (biceps) + 1 (level) + 0.
    const zeta = fixtureExercise({ id: "zeta", name: "Zeta", muscles: [], primaryMuscle: null, popularity: 100 });
    const alpha = fixtureExercise({ id: "alpha", name: "Alpha", muscles: ["biceps", "pectoraux"], popularity: 0 });
    for (const catalogue of [
      [zeta, alpha],
      [alpha, zeta],
    ]) {
      const result = queryExercises(buildExerciseIndex(catalogue), { muscles: ["biceps"], language: "fr", now });
      expect(result.results.map((r) => r.score)).toEqual([6, 6]);
      expect(ids(result)).toEqual(["zeta", "alpha"]);
    }
  });

  it("sorts names by their numbers and ignores case, the id breaking a tie", () => {
    const numbered = buildExerciseIndex([
      fixtureExercise({ id: "b-dix", name: "Exo 10" }),
      fixtureExercise({ id: "c-deux", name: "Exo 2" }),
      fixtureExercise({ id: "e-lower", name: "curl" }),
      fixtureExercise({ id: "d-upper", name: "Curl" }),
    ]);
    expect(ids(queryExercises(numbered, { language: "fr", now, sort: "name" }))).toEqual([
      "d-upper",
      "e-lower",
      "c-deux",
      "b-dix",
    ]);
  });
});
