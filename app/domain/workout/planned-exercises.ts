// The hand-over from the builder to the session: the chosen exercises, in
// order, with what the session runner needs to know of each.

import { z } from "zod";
import { EQUIPMENT_IDS, type Exercise, EXERCISE_KINDS, MUSCLE_ZONES } from "./catalogue";
import { type CatalogueLanguage, localizedName } from "./suggestions";

/** The spec's default exercise name, for an entry that comes without one. */
export const DEFAULT_EXERCISE_NAME = "Exercise";

export const plannedExerciseSchema = z.object({
  id: z.string().min(1).max(100),
  name: z
    .string()
    .trim()
    .max(80)
    .catch(DEFAULT_EXERCISE_NAME)
    .transform((name) => name || DEFAULT_EXERCISE_NAME),
  type: z.array(z.enum(EXERCISE_KINDS)).catch([]),
  muscles: z.array(z.enum(MUSCLE_ZONES)).catch([]),
  equipment: z.array(z.enum(EQUIPMENT_IDS)).catch([]),
  level: z.number().int().min(1).max(3).nullable().catch(null),
});

/** One exercise of the session: id, name in the page's language, kinds, zones, equipment, level. */
export type PlannedExercise = z.infer<typeof plannedExerciseSchema>;

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

/** Reads a stored list (local storage, an event's detail): malformed entries are dropped, a missing name becomes 'Exercise'. */
export function parsePlannedExercises(value: unknown): PlannedExercise[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = plannedExerciseSchema.safeParse(
      item && typeof item === "object" ? { name: DEFAULT_EXERCISE_NAME, ...item } : item,
    );
    return parsed.success ? [parsed.data] : [];
  });
}
