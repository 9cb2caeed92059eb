import { describe, expect, it } from "vitest";
import { initialBuilderState } from "~/domain/workout/builder-state";
import {
  forgetBuilder,
  idsFromReplaceEvent,
  markBuilderTouched,
  restoredBuilderHref,
  saveBuilder,
  STORAGE_KEYS,
} from "./builder-storage";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("the builder in local storage", () => {
  it("writes the spec's keys and restores the same builder", () => {
    const storage = memoryStorage();
    const state = {
      ...initialBuilderState(),
      step: 3 as const,
      type: "muscu" as const,
      equipment: ["halteres" as const],
      muscles: ["pectoraux" as const],
      chosen: ["b", "a"],
      dismissed: ["c"],
      sessionName: "Pecs",
    };
    saveBuilder(storage, state, { exercises: [], lastResults: ["x", "y"] });
    markBuilderTouched(storage);
    expect(storage.getItem(STORAGE_KEYS.selected)).toBe('["b","a"]');
    expect(storage.getItem(STORAGE_KEYS.step)).toBe("3");
    expect(storage.getItem(STORAGE_KEYS.currentStep)).toBe("3");
    expect(storage.getItem(STORAGE_KEYS.mode)).toBe("builder");
    expect(storage.getItem(STORAGE_KEYS.lastResults)).toBe('["x","y"]');
    expect(restoredBuilderHref(storage)).toBe(
      "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=b&choix=a&ecarte=c&nom=Pecs",
    );
  });

  it("restores nothing for a visitor who never used the builder, or after 'Recommencer'", () => {
    const storage = memoryStorage({ [STORAGE_KEYS.type]: "muscu" });
    expect(restoredBuilderHref(storage)).toBeNull();
    markBuilderTouched(storage);
    expect(restoredBuilderHref(storage)).toBe("/exo?type=muscu");
    forgetBuilder(storage);
    expect(storage.values.size).toBe(0);
    expect(restoredBuilderHref(storage)).toBeNull();
  });

  it("advances the saved step to what the choices imply, never backward", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.hasTouched]: "true",
      [STORAGE_KEYS.type]: "muscu",
      [STORAGE_KEYS.equipment]: '["barre"]',
      [STORAGE_KEYS.muscles]: '["mollets"]',
      [STORAGE_KEYS.step]: "0",
    });
    expect(restoredBuilderHref(storage)).toBe("/exo?etape=2&type=muscu&equipement=barre&muscle=mollets");
    storage.setItem(STORAGE_KEYS.step, "3");
    expect(restoredBuilderHref(storage)).toMatch(/^\/exo\?etape=3&/);
  });

  it("drops what it cannot read and falls back to the list handed to the session", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.hasTouched]: "true",
      [STORAGE_KEYS.type]: "boxe",
      [STORAGE_KEYS.equipment]: "{not json",
      [STORAGE_KEYS.selectedExercises]: JSON.stringify([{ id: "pompes", name: "Pompes" }, { nope: 1 }]),
      [STORAGE_KEYS.mode]: "session",
    });
    expect(restoredBuilderHref(storage)).toBe("/exo?mode=seance&choix=pompes");
  });

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(restoredBuilderHref(broken)).toBeNull();
    expect(() => saveBuilder(broken, initialBuilderState(), { exercises: [], lastResults: null })).not.toThrow();
    expect(() => forgetBuilder(broken)).not.toThrow();
  });

  it("reads the ids of a replace event: ids, exercises or { ids }", () => {
    expect(idsFromReplaceEvent(["a", "b"])).toEqual(["a", "b"]);
    expect(idsFromReplaceEvent([{ id: "a" }, { name: "x" }, 3])).toEqual(["a"]);
    expect(idsFromReplaceEvent({ ids: ["c"] })).toEqual(["c"]);
    expect(idsFromReplaceEvent("a")).toBeNull();
  });
});
