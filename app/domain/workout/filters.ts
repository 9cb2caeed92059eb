// The builder's filters, shared by the rules (which chosen exercises still
// fit) and the suggestions (which exercises are proposed).

import type { EquipmentId, ExerciseKind, MuscleZone } from "./catalogue-ids";
import type { Exercise } from "./catalogue";

/** What the filters need to know of an exercise. */
export type ExerciseFacts = Pick<Exercise, "id" | "type" | "muscles" | "equipment">;

export interface ChoiceFilters {
  kinds: readonly ExerciseKind[];
  muscles: readonly MuscleZone[];
  equipment: readonly EquipmentId[];
}

/**
 * The builder's filters: one of the activity's kinds, one of the chosen
 * muscles (an exercise that trains none, like a meditation, passes), one of
 * the chosen pieces of equipment. An empty choice does not filter.
 */
export function fitsChoices(exercise: ExerciseFacts, filters: ChoiceFilters): boolean {
  if (filters.kinds.length > 0 && !exercise.type.some((kind) => filters.kinds.includes(kind))) return false;
  if (
    filters.muscles.length > 0 &&
    exercise.muscles.length > 0 &&
    !exercise.muscles.some((zone) => filters.muscles.includes(zone))
  )
    return false;
  if (filters.equipment.length > 0 && !exercise.equipment.some((item) => filters.equipment.includes(item)))
    return false;
  return true;
}
