import { describe, expect, it } from "vitest";
import { testCatalogue } from "~/domain/workout/test-catalogue";
import { coveredZones, exerciseCatalogue, loadCatalogue } from "./exercise-catalogue.server";

const files = (byKind: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(byKind).map(([kind, content]) => [`../../public/data/exo/${kind}.json`, content]));

describe("exercise catalogue", () => {
  it("indexes valid entries, leaves out and reports invalid ones", () => {
    const [good] = testCatalogue;
    const catalogue = loadCatalogue(
      files({ muscu: { exercises: [good, { id: "sans-nom" }] }, cardio: { nope: true }, hiit: { exercises: [] } }),
    );
    expect(catalogue.status).toBe("ready");
    expect(catalogue.index.all.map((entry) => entry.exercise.id)).toEqual([good!.id]);
    expect(catalogue.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: expect.stringMatching(/muscu\.json$/), index: 1 }),
        expect.objectContaining({ file: expect.stringMatching(/cardio\.json$/), message: "no exercises list" }),
        expect.objectContaining({ file: "yoga.json", message: "missing" }),
      ]),
    );
  });

  it("is unavailable when nothing valid could be read", () => {
    expect(loadCatalogue({}).status).toBe("unavailable");
  });

  it("knows which zones each kind covers with each piece of equipment", () => {
    const catalogue = loadCatalogue(
      files({ muscu: { exercises: testCatalogue.filter((e) => e.type[0] === "muscu") } }),
    );
    expect([...coveredZones(catalogue.coverage, ["muscu"], ["barre"])].toSorted()).toEqual([
      "cuisses-internes",
      "dos-inferieur",
      "fessiers",
    ]);
    expect(coveredZones(catalogue.coverage, ["yoga"], [])).toEqual(new Set());
  });

  it("loads the real files: at least 600 exercises, each kind present", () => {
    const catalogue = exerciseCatalogue();
    expect(catalogue.status).toBe("ready");
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.index.all.length).toBeGreaterThanOrEqual(600);
    for (const kind of ["muscu", "cardio", "yoga", "meditation", "natation", "etirement", "hiit"] as const) {
      expect(catalogue.index.byKind.get(kind)?.length, kind).toBeGreaterThanOrEqual(10);
    }
  });
});
