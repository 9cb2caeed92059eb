// The hand-over from the builder to the session: the chosen exercises, in
// order, with what the session runner needs to know of each.

import type { Exercise } from "./catalogue";
import {
  EQUIPMENT_IDS,
  type EquipmentId,
  EXERCISE_KINDS,
  type ExerciseKind,
  type ExerciseLevel,
  MUSCLE_ZONES,
  type MuscleZone,
} from "./catalogue-ids";
import { type CatalogueLanguage, localizedName } from "./suggestions";

/** The spec's default exercise name, for an entry that comes without one. */
export const DEFAULT_EXERCISE_NAME = "Exercise";

/** One exercise of the session: id, name in the page's language, kinds, zones, equipment, level. */
export interface PlannedExercise {
  id: string;
  name: string;
  type: ExerciseKind[];
  muscles: MuscleZone[];
  equipment: EquipmentId[];
  level: ExerciseLevel | null;
}

const MAX_ID_LENGTH = 100;
const MAX_NAME_LENGTH = 80;

export function toPlannedExercise(exercise: Exercise, language: CatalogueLanguage): PlannedExercise {
  return {
    id: exercise.id,
    name: localizedName(exercise, language) || DEFAULT_EXERCISE_NAME,
    type: [...exercise.type],
    muscles: [...exercise.muscles],
    equipment: [...exercise.equipment],
    level: exercise.level,
  };
}

/** The chosen exercises in session order; ids the catalogue does not know are left out. */
export function plannedExercises(
  chosen: readonly string[],
  find: (id: string) => Exercise | undefined,
  language: CatalogueLanguage,
): PlannedExercise[] {
  return chosen.flatMap((id) => {
    const exercise = find(id);
    return exercise ? [toPlannedExercise(exercise, language)] : [];
  });
}

/** Known values only (a list read from outside may hold anything). */
function knownValues<T extends string>(value: unknown, known: readonly T[]): T[] {
  return Array.isArray(value) ? value.filter((item): item is T => (known as readonly unknown[]).includes(item)) : [];
}

/** Reads a stored list (local storage, an event's detail): entries without an id are dropped, a missing name becomes 'Exercise'. */
export function parsePlannedExercises(value: unknown): PlannedExercise[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): PlannedExercise[] => {
    if (!item || typeof item !== "object") return [];
    const entry = item as Record<string, unknown>;
    if (typeof entry.id !== "string" || entry.id.length === 0 || entry.id.length > MAX_ID_LENGTH) return [];
    const name = typeof entry.name === "string" ? entry.name.trim().slice(0, MAX_NAME_LENGTH) : "";
    const level = entry.level === 1 || entry.level === 2 || entry.level === 3 ? entry.level : null;
    return [
      {
        id: entry.id,
        name: name || DEFAULT_EXERCISE_NAME,
        type: knownValues(entry.type, EXERCISE_KINDS),
        muscles: knownValues(entry.muscles, MUSCLE_ZONES),
        equipment: knownValues(entry.equipment, EQUIPMENT_IDS),
        level,
      },
    ];
  });
}
