// The exercise catalogue, validated and indexed: the server builds it once
// from the files it bundles (app/services/workout/exercise-catalogue.server.ts),
// the browser from the same files when the builder works offline
// (app/components/workout/offline-exo-page.ts).
import {
  EQUIPMENT_IDS,
  type EquipmentId,
  EXERCISE_KINDS,
  type Exercise,
  type ExerciseKind,
  exerciseSchema,
  type MuscleZone,
} from "./catalogue";
import { ACTIVITY_KINDS, ACTIVITY_TYPES, allowedEquipment, type EquipmentGaps, skipsChoiceSteps } from "./activities";
import { buildExerciseIndex, type ExerciseIndex } from "./suggestions";

export interface CatalogueProblem {
  file: string;
  index: number | null;
  message: string;
}

/** Zones covered per kind and equipment, so the muscle step offers only zones with exercises. */
export type ZoneCoverage = ReadonlyMap<ExerciseKind, ReadonlyMap<EquipmentId, ReadonlySet<MuscleZone>>>;

export interface ExerciseCatalogue {
  /** "unavailable" when no valid exercise could be read. */
  status: "ready" | "unavailable";
  index: ExerciseIndex;
  coverage: ZoneCoverage;
  /** Allowed equipment that would lead to an empty muscle step, per activity (none when the catalogue is unavailable). */
  equipmentGaps: EquipmentGaps;
  problems: CatalogueProblem[];
}

function coverageOf(exercises: readonly Exercise[]): ZoneCoverage {
  const coverage = new Map<ExerciseKind, Map<EquipmentId, Set<MuscleZone>>>();
  for (const exercise of exercises) {
    for (const kind of exercise.type) {
      const byEquipment = coverage.get(kind) ?? new Map<EquipmentId, Set<MuscleZone>>();
      coverage.set(kind, byEquipment);
      for (const equipment of exercise.equipment) {
        const zones = byEquipment.get(equipment) ?? new Set<MuscleZone>();
        byEquipment.set(equipment, zones);
        for (const zone of exercise.muscles) zones.add(zone);
      }
    }
  }
  return coverage;
}

/** Validates the files' contents: invalid entries are left out and reported, the rest is indexed. */
export function loadCatalogue(contents: Record<string, unknown>): ExerciseCatalogue {
  const problems: CatalogueProblem[] = [];
  const exercises: Exercise[] = [];
  for (const kind of EXERCISE_KINDS) {
    const entry = Object.entries(contents).find(([file]) => file.endsWith(`/${kind}.json`));
    if (!entry) {
      problems.push({ file: `${kind}.json`, index: null, message: "missing" });
      continue;
    }
    const [file, content] = entry;
    const list = (content as { exercises?: unknown } | null)?.exercises;
    if (!Array.isArray(list)) {
      problems.push({ file, index: null, message: "no exercises list" });
      continue;
    }
    list.forEach((item, index) => {
      const parsed = exerciseSchema.safeParse(item);
      if (parsed.success) exercises.push(parsed.data);
      else problems.push({ file, index, message: parsed.error.issues[0]?.message ?? "invalid" });
    });
  }
  const index = buildExerciseIndex(exercises);
  const coverage = coverageOf(index.all.map((entry) => entry.exercise));
  const ready = index.all.length > 0;
  return {
    status: ready ? "ready" : "unavailable",
    index,
    coverage,
    // Without a catalogue every zone is offered (the list says it cannot load): no gap either.
    equipmentGaps: ready ? equipmentGapsOf(coverage) : {},
    problems,
  };
}

/**
 * For each activity whose user picks the equipment, the allowed equipment
 * whose exercises cover no muscle zone: picking it would lead to an empty
 * muscle step (cardio with only a barbell).
 */
export function equipmentGapsOf(coverage: ZoneCoverage): EquipmentGaps {
  const gaps: EquipmentGaps = {};
  for (const activity of ACTIVITY_TYPES) {
    if (skipsChoiceSteps(activity)) continue;
    const empty = allowedEquipment(activity).filter(
      (equipment) => coveredZones(coverage, ACTIVITY_KINDS[activity], [equipment]).size === 0,
    );
    if (empty.length > 0) gaps[activity] = empty;
  }
  return gaps;
}

/** Zones that have at least one exercise of these kinds with one of this equipment (any equipment when none). */
export function coveredZones(
  coverage: ZoneCoverage,
  kinds: readonly ExerciseKind[],
  equipment: readonly EquipmentId[],
): Set<MuscleZone> {
  const zones = new Set<MuscleZone>();
  const wanted = equipment.length > 0 ? equipment : EQUIPMENT_IDS;
  for (const kind of kinds) {
    const byEquipment = coverage.get(kind);
    for (const item of wanted) for (const zone of byEquipment?.get(item) ?? []) zones.add(zone);
  }
  return zones;
}
