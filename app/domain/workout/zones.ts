// Muscle zones and groups: the ids a zone picker accepts, the six groups
// the spec names, and when the body diagram can stand in for the cards.

import { MUSCLE_ZONES, type MuscleZone } from "./catalogue-ids";

/** The spec's six muscle groups, each covering some of the 13 zones. */
export const MUSCLE_GROUPS = {
  pectoraux: ["pectoraux"],
  dos: ["dos-superieur", "dos-inferieur"],
  epaules: ["epaules"],
  bras: ["biceps", "triceps", "avant-bras"],
  jambes: ["fessiers", "cuisses-externes", "cuisses-internes", "mollets"],
  core: ["abdos-centre", "abdos-lateraux"],
} as const satisfies Record<string, readonly MuscleZone[]>;
export type MuscleGroup = keyof typeof MUSCLE_GROUPS;
export const MUSCLE_GROUP_IDS = Object.keys(MUSCLE_GROUPS) as MuscleGroup[];

/** Every zone of the six groups, in canonical order: what "all six groups" selects. */
export const ALL_GROUP_ZONES: readonly MuscleZone[] = MUSCLE_ZONES.filter((zone) =>
  MUSCLE_GROUP_IDS.some((group) => (MUSCLE_GROUPS[group] as readonly string[]).includes(zone)),
);

/**
 * The upper-case ids some zone lists use (the spec's fallback ids), with the
 * zone each one stands for. Their French labels live in the translations
 * under the zone they map to.
 */
export const FALLBACK_ZONE_IDS = {
  BICEPS: "biceps",
  TRICEPS: "triceps",
  FOREARMS: "avant-bras",
  QUADRICEPS: "cuisses-externes",
  HAMSTRINGS: "cuisses-internes",
  CALVES: "mollets",
  GLUTES: "fessiers",
  BACK_UPPER: "dos-superieur",
  BACK_LOWER: "dos-inferieur",
} as const satisfies Record<string, MuscleZone>;

export function isMuscleZone(value: unknown): value is MuscleZone {
  return typeof value === "string" && (MUSCLE_ZONES as readonly string[]).includes(value);
}

/** A zone id or one of its upper-case fallback ids -> the zone; anything else -> null. */
export function toMuscleZone(value: string): MuscleZone | null {
  if (isMuscleZone(value)) return value;
  return Object.hasOwn(FALLBACK_ZONE_IDS, value) ? FALLBACK_ZONE_IDS[value as keyof typeof FALLBACK_ZONE_IDS] : null;
}

/** Whether a list of zones covers at least one zone of a group. */
function coversGroup(zones: readonly MuscleZone[], group: MuscleGroup): boolean {
  return (MUSCLE_GROUPS[group] as readonly MuscleZone[]).some((zone) => zones.includes(zone));
}

/**
 * The body diagram replaces the card grid only when the cards include chest,
 * back, shoulders and core, plus an arms group and a legs group: a diagram
 * with whole regions missing would invite clicks that do nothing.
 */
export function canShowBodyDiagram(cardZones: readonly string[]): boolean {
  // Stryker disable next-line MethodExpression: a null never equals a zone of a group, so keeping it changes nothing
  const zones = cardZones.map(toMuscleZone).filter((zone): zone is MuscleZone => zone !== null);
  return MUSCLE_GROUP_IDS.every((group) => coversGroup(zones, group));
}
