// The running session in the browser's local storage: each card's inputs
// under the spec's 'suivie_exo_inputs:{id}', the clock's start under
// 'suivieStartedAt' (its pauses beside it), so a reload or a phone that
// sleeps in a locker loses nothing. Read values go through the domain's
// checks: storage may hold anything.

import {
  type CardioSetInput,
  emptyCardioSet,
  emptyStrengthSet,
  type ExerciseIdentity,
  type ExerciseInput,
  initialExerciseInput,
  MAX_INTENSITY,
  MIN_INTENSITY,
  SESSION_LIMITS,
  SESSION_MODES,
  type SessionMode,
  type StrengthSetInput,
} from "~/domain/workout/session-entries";
import {
  parseRestCountdown,
  parseTimerState,
  type RestCountdown,
  type TimerState,
} from "~/domain/workout/session-timer";

import { SESSION_STORAGE_KEYS } from "./session-keys";

/**
 * Local storage with a copy in memory: what the page wrote stays readable
 * even where storage refuses to keep it (disabled, full), and every write
 * tells the subscribers (the session view reads the device through
 * useSyncExternalStore). Another tab's writes reach them through the
 * 'storage' event.
 */
export interface DeviceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** The keys that start with prefix. */
  keysStartingWith(prefix: string): string[];
}

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/** A write the device refused (disabled or full storage): the page goes on from memory, with a warning. */
function persist(write: () => void): void {
  try {
    write();
  } catch (error) {
    console.warn("The session could not be kept on this device:", error);
  }
}

const written = new Map<string, string | null>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const deviceStorage: DeviceStorage = {
  getItem(key) {
    if (written.has(key)) return written.get(key) ?? null;
    return attempt(() => localStorage.getItem(key), null);
  },
  setItem(key, value) {
    written.set(key, value);
    persist(() => localStorage.setItem(key, value));
    changed();
  },
  removeItem(key) {
    written.set(key, null);
    persist(() => localStorage.removeItem(key));
    changed();
  },
  keysStartingWith(prefix) {
    const keys = new Set(
      [...written].filter(([key, value]) => value !== null && key.startsWith(prefix)).map(([key]) => key),
    );
    attempt(() => {
      for (let index = 0; index < localStorage.length; index += 1) {
        const key = localStorage.key(index);
        if (key?.startsWith(prefix) && written.get(key) !== null) keys.add(key);
      }
    }, undefined);
    return [...keys];
  },
};

/** For useSyncExternalStore: called on every change of the session's keys, here or in another tab. */
export function subscribeToDevice(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== null) written.delete(event.key);
    else written.clear();
    changed();
  };
  window.addEventListener("storage", fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", fromOtherTab);
  };
}

/** Changes with every write: the snapshot useSyncExternalStore compares. */
export function deviceVersion(): number {
  return version;
}

function readJson(storage: Pick<DeviceStorage, "getItem">, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function numberWithin(value: unknown, max: number, min = 0): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** The set's 'fait' tick, kept only when ticked. */
const tick = (set: Record<string, unknown>) => (set.done === true ? { done: true } : {});

function strengthSet(value: unknown): StrengthSetInput {
  const set = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return {
    weight: numberWithin(set.weight, SESSION_LIMITS.weightKg),
    reps: numberWithin(set.reps, SESSION_LIMITS.reps),
    restSec: numberWithin(set.restSec, SESSION_LIMITS.restSec),
    ...tick(set),
  };
}

function cardioSet(value: unknown): CardioSetInput {
  const set = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return {
    durationMin: numberWithin(set.durationMin, SESSION_LIMITS.durationMin),
    durationSec: numberWithin(set.durationSec, SESSION_LIMITS.durationSec),
    intensity: numberWithin(set.intensity, MAX_INTENSITY, MIN_INTENSITY),
    distanceKm: numberWithin(set.distanceKm, SESSION_LIMITS.distanceKm),
    ...tick(set),
  };
}

function sets<T>(value: unknown, read: (item: unknown) => T, empty: () => T): T[] {
  const list = Array.isArray(value) ? value.slice(0, SESSION_LIMITS.setsPerEntry).map(read) : [];
  return list.length > 0 ? list : [empty()];
}

/** A card's inputs read back; a card never stored (or stored broken) starts fresh. */
export function parseExerciseInput(value: unknown, exercise: ExerciseIdentity): ExerciseInput {
  if (!value || typeof value !== "object") return initialExerciseInput(exercise);
  const stored = value as Record<string, unknown>;
  const mode = (SESSION_MODES as readonly unknown[]).includes(stored.mode)
    ? (stored.mode as SessionMode)
    : initialExerciseInput(exercise).mode;
  return {
    mode,
    sets: sets(stored.sets, strengthSet, emptyStrengthSet),
    cardioSets: sets(stored.cardioSets, cardioSet, emptyCardioSet),
    notes: typeof stored.notes === "string" ? stored.notes.slice(0, SESSION_LIMITS.exerciseNotesLength) : "",
    done: stored.done === true,
  };
}

export function loadExerciseInput(storage: Pick<DeviceStorage, "getItem">, exercise: ExerciseIdentity): ExerciseInput {
  return parseExerciseInput(readJson(storage, SESSION_STORAGE_KEYS.inputsPrefix + exercise.id), exercise);
}

export function loadExerciseInputs(
  storage: Pick<DeviceStorage, "getItem">,
  exercises: readonly ExerciseIdentity[],
): Record<string, ExerciseInput> {
  return Object.fromEntries(exercises.map((exercise) => [exercise.id, loadExerciseInput(storage, exercise)]));
}

export function saveExerciseInput(storage: Pick<DeviceStorage, "setItem">, id: string, input: ExerciseInput): void {
  storage.setItem(SESSION_STORAGE_KEYS.inputsPrefix + id, JSON.stringify(input));
}

export function loadTimer(storage: Pick<DeviceStorage, "getItem">): TimerState {
  return parseTimerState(
    readJson(storage, SESSION_STORAGE_KEYS.timer),
    storage.getItem(SESSION_STORAGE_KEYS.startedAt),
  );
}

export function saveTimer(storage: Pick<DeviceStorage, "setItem" | "removeItem">, timer: TimerState): void {
  if (timer.startedAt === null) {
    storage.removeItem(SESSION_STORAGE_KEYS.startedAt);
    storage.removeItem(SESSION_STORAGE_KEYS.timer);
    return;
  }
  storage.setItem(SESSION_STORAGE_KEYS.startedAt, String(timer.startedAt));
  storage.setItem(
    SESSION_STORAGE_KEYS.timer,
    JSON.stringify({ elapsedMs: timer.elapsedMs, runningSince: timer.runningSince }),
  );
}

/** The rest running between two sets, so a reload in the middle of it keeps counting. */
export function loadRest(storage: Pick<DeviceStorage, "getItem">): RestCountdown | null {
  return parseRestCountdown(readJson(storage, SESSION_STORAGE_KEYS.rest));
}

export function saveRest(storage: Pick<DeviceStorage, "setItem" | "removeItem">, rest: RestCountdown | null): void {
  if (rest === null) storage.removeItem(SESSION_STORAGE_KEYS.rest);
  else storage.setItem(SESSION_STORAGE_KEYS.rest, JSON.stringify(rest));
}

export function loadSessionNotes(storage: Pick<DeviceStorage, "getItem">): string {
  return (storage.getItem(SESSION_STORAGE_KEYS.sessionNotes) ?? "").slice(0, SESSION_LIMITS.sessionNotesLength);
}

export function saveSessionNotes(storage: Pick<DeviceStorage, "setItem" | "removeItem">, notes: string): void {
  if (notes === "") storage.removeItem(SESSION_STORAGE_KEYS.sessionNotes);
  else storage.setItem(SESSION_STORAGE_KEYS.sessionNotes, notes);
}

/**
 * A finished or abandoned session: its clock, its rest, its notes and the inputs of every card.
 * All 'suivie_exo_inputs:' keys go, not only this session's: an exercise
 * removed from the session must not come back with old sets.
 */
export function forgetSession(storage: DeviceStorage): void {
  storage.removeItem(SESSION_STORAGE_KEYS.startedAt);
  storage.removeItem(SESSION_STORAGE_KEYS.timer);
  storage.removeItem(SESSION_STORAGE_KEYS.rest);
  storage.removeItem(SESSION_STORAGE_KEYS.sessionNotes);
  for (const key of storage.keysStartingWith(SESSION_STORAGE_KEYS.inputsPrefix)) storage.removeItem(key);
}
