// The activity types of the builder's first step and what each implies:
// the catalogue kinds it draws from, forced choices, allowed equipment.

import { EQUIPMENT_IDS, type EquipmentId, type ExerciseKind, type MuscleZone } from "./catalogue-ids";
import { ALL_GROUP_ZONES } from "./zones";

/** The activity picker's cards, in display order ('endurance' is offered too). */
export const ACTIVITY_TYPES = ["muscu", "cardio", "endurance", "yoga", "natation", "etirement", "meditation"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Catalogue kinds each activity draws from: HIIT appears under cardio and endurance. */
export const ACTIVITY_KINDS: Record<ActivityType, readonly ExerciseKind[]> = {
  muscu: ["muscu"],
  cardio: ["cardio", "hiit"],
  endurance: ["cardio", "hiit"],
  yoga: ["yoga"],
  natation: ["natation"],
  etirement: ["etirement"],
  meditation: ["meditation"],
};

/** Activities whose equipment and muscles are decided for the user: next jumps from step 0 to step 3. */
export const STEP_SKIPPING_ACTIVITIES: readonly ActivityType[] = ["natation", "yoga", "meditation"];

export function skipsChoiceSteps(activity: ActivityType | null): boolean {
  return activity !== null && STEP_SKIPPING_ACTIVITIES.includes(activity);
}

export interface ForcedChoices {
  equipment: EquipmentId[];
  muscles: MuscleZone[];
}

/**
 * Swimming and yoga: body weight and all six muscle groups. Meditation: body
 * weight, no muscle. Other activities leave the choices to the user.
 */
export function forcedChoices(activity: ActivityType | null): ForcedChoices | null {
  switch (activity) {
    case "natation":
    case "yoga":
      return { equipment: ["poids-du-corps"], muscles: [...ALL_GROUP_ZONES] };
    case "meditation":
      return { equipment: ["poids-du-corps"], muscles: [] };
    default:
      return null;
  }
}

const BODY_WEIGHT_ONLY: readonly ActivityType[] = ["natation", "yoga", "meditation", "etirement"];

/** Equipment the activity allows: body weight only for swimming, yoga, meditation and stretching. */
export function allowedEquipment(activity: ActivityType | null): readonly EquipmentId[] {
  return activity !== null && BODY_WEIGHT_ONLY.includes(activity) ? ["poids-du-corps"] : EQUIPMENT_IDS;
}

export function isEquipmentAllowed(activity: ActivityType | null, equipment: EquipmentId): boolean {
  return allowedEquipment(activity).includes(equipment);
}

/** The pairings that get a joke rather than the plain "not available" message. */
const JOKES: Partial<Record<ActivityType, readonly EquipmentId[]>> = {
  natation: ["halteres", "poulie", "barre", "kettlebell"],
  meditation: ["halteres", "poulie", "barre", "kettlebell"],
  etirement: ["halteres", "poulie", "barre"],
};

/**
 * Equipment an activity allows but the catalogue has no exercise for (a
 * barbell for cardio): read from the catalogue once, so that no choice leads
 * to a muscle step with nothing to pick.
 */
export type EquipmentGaps = Partial<Record<ActivityType, readonly EquipmentId[]>>;

/** Whether the equipment gives no exercise for the activity. */
export function isEquipmentGap(gaps: EquipmentGaps, activity: ActivityType | null, equipment: EquipmentId): boolean {
  return activity !== null && (gaps[activity]?.includes(equipment) ?? false);
}

/**
 * Why a piece of equipment was refused: the activity does not allow it, or
 * the catalogue has no exercise of the activity with it. `joke` names the
 * humorous variant, when there is one.
 */
export interface EquipmentRefusal {
  activity: ActivityType;
  equipment: EquipmentId;
  reason: "activity" | "no-exercise";
  joke: `${ActivityType}.${EquipmentId}` | null;
}

/** How long the equipment message stays on screen. */
export const EQUIPMENT_MESSAGE_MS = 3_000;

/** Null when the equipment is allowed and gives exercises; otherwise what to tell the user. */
export function equipmentRefusal(
  activity: ActivityType | null,
  equipment: EquipmentId,
  gaps: EquipmentGaps = {},
): EquipmentRefusal | null {
  if (activity === null) return null;
  if (isEquipmentAllowed(activity, equipment)) {
    return isEquipmentGap(gaps, activity, equipment)
      ? { activity, equipment, reason: "no-exercise", joke: null }
      : null;
  }
  const joke = JOKES[activity]?.includes(equipment) ? (`${activity}.${equipment}` as const) : null;
  return { activity, equipment, reason: "activity", joke };
}

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === "string" && (ACTIVITY_TYPES as readonly string[]).includes(value);
}
