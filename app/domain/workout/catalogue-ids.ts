// The catalogue's reference lists, in their canonical order, apart from the
// zod schema (catalogue.ts) so the browser's code can use them without
// loading zod.

/** One catalogue file per kind: public/data/exo/{kind}.json. */
export const EXERCISE_KINDS = ["muscu", "cardio", "yoga", "meditation", "natation", "etirement", "hiit"] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];

/** The 13 muscle zones, in the spec's canonical order (multi-select results are sorted by it). */
export const MUSCLE_ZONES = [
  "pectoraux",
  "epaules",
  "biceps",
  "triceps",
  "avant-bras",
  "abdos-centre",
  "abdos-lateraux",
  "dos-superieur",
  "dos-inferieur",
  "fessiers",
  "cuisses-externes",
  "cuisses-internes",
  "mollets",
] as const;
export type MuscleZone = (typeof MUSCLE_ZONES)[number];

/** Equipment ids, in the spec's order. */
export const EQUIPMENT_IDS = ["poids-du-corps", "halteres", "barre", "machine", "kettlebell", "poulie"] as const;
export type EquipmentId = (typeof EQUIPMENT_IDS)[number];

export const EXERCISE_LEVELS = [1, 2, 3] as const;
export type ExerciseLevel = (typeof EXERCISE_LEVELS)[number];
