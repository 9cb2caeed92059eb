// The builder in the browser's local storage (the spec's keys) and its
// window events. The address is the builder's state; local storage keeps a
// copy so that coming back to a bare /exo (a menu link, a new tab) restores
// the builder where it was left. When both exist, the address wins: a
// shared link shows what it says, and storage is then rewritten from it.

import { type BuilderState, restoredStep } from "~/domain/workout/builder-state";
import { BUILDER_PARAMS, builderHref, parseBuilderParams } from "~/domain/workout/builder-url";
import { parsePlannedExercises, type PlannedExercise } from "~/domain/workout/planned-exercises";
import { STORAGE_KEYS } from "./storage-keys";

export { STORAGE_KEYS };

/** Sent whenever the chosen exercises change: detail `{ ids, exercises }`, in session order. */
export const SELECTED_UPDATE_EVENT = "dynami:selected:update";
/** Listened to: another part of the page replaces the chosen exercises (detail: ids, exercises, or `{ ids }`). */
export const SELECTED_REPLACE_EVENT = "dynami:selected:replace";

export interface SelectedUpdateDetail {
  ids: string[];
  exercises: PlannedExercise[];
}

type ReadableStorage = Pick<Storage, "getItem">;
type WritableStorage = Pick<Storage, "setItem" | "removeItem">;

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    // Storage can be disabled or full (private mode): the address still holds the builder.
    return fallback;
  }
}

function readJson(storage: ReadableStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** Whether the visitor has used the builder on this device (only then is it restored). */
export function hasTouchedBuilder(storage: ReadableStorage): boolean {
  return attempt(() => storage.getItem(STORAGE_KEYS.hasTouched) === "true", false);
}

/**
 * The address of the builder saved in storage, with the step advanced to what
 * the saved choices imply (never backward); null when nothing worth restoring
 * was saved. Values are read through the address parser, so anything unknown
 * is dropped exactly as in a link.
 */
export function restoredBuilderHref(storage: ReadableStorage): string | null {
  return attempt(() => {
    if (!hasTouchedBuilder(storage)) return null;
    const params = new URLSearchParams();
    const type = readJson(storage, STORAGE_KEYS.type);
    if (typeof type === "string") params.set(BUILDER_PARAMS.type, type);
    for (const id of strings(readJson(storage, STORAGE_KEYS.equipment))) params.append(BUILDER_PARAMS.equipment, id);
    for (const id of strings(readJson(storage, STORAGE_KEYS.muscles))) params.append(BUILDER_PARAMS.muscle, id);
    // The chosen ids, else those of the list handed to the session.
    const selected = strings(readJson(storage, STORAGE_KEYS.selected));
    const chosen =
      selected.length > 0
        ? selected
        : parsePlannedExercises(readJson(storage, STORAGE_KEYS.selectedExercises)).map((exercise) => exercise.id);
    for (const id of chosen) params.append(BUILDER_PARAMS.chosen, id);
    for (const id of strings(readJson(storage, STORAGE_KEYS.dismissed))) params.append(BUILDER_PARAMS.dismissed, id);
    const name = storage.getItem(STORAGE_KEYS.sessionName);
    if (name) params.set(BUILDER_PARAMS.sessionName, name);
    const state = parseBuilderParams(params);
    if (state.type === null && state.chosen.length === 0) return null;

    const savedStep = Math.max(
      Number(storage.getItem(STORAGE_KEYS.step) ?? 0) || 0,
      Number(storage.getItem(STORAGE_KEYS.currentStep) ?? 0) || 0,
    );
    const restored: BuilderState = { ...state, step: restoredStep(state, savedStep) };
    // A session in progress comes back as a session; the search mode does not outlive the page.
    if (storage.getItem(STORAGE_KEYS.mode) === "session" && restored.chosen.length > 0) restored.mode = "session";
    return builderHref(restored);
  }, null);
}

/** Writes the builder's state under the spec's keys. */
export function saveBuilder(
  storage: WritableStorage,
  state: BuilderState,
  extras: { exercises: PlannedExercise[]; lastResults: string[] | null },
): void {
  attempt(() => {
    const set = (key: string, value: unknown) =>
      storage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
    set(STORAGE_KEYS.selected, state.chosen);
    set(STORAGE_KEYS.step, String(state.step));
    set(STORAGE_KEYS.type, state.type);
    set(STORAGE_KEYS.equipment, state.equipment);
    set(STORAGE_KEYS.muscles, state.muscles);
    set(STORAGE_KEYS.dismissed, state.dismissed);
    set(STORAGE_KEYS.selectedExercises, extras.exercises);
    set(STORAGE_KEYS.currentStep, String(state.step));
    set(STORAGE_KEYS.mode, state.mode);
    set(STORAGE_KEYS.sessionName, state.sessionName);
    if (extras.lastResults) set(STORAGE_KEYS.lastResults, extras.lastResults);
  }, undefined);
}

export function markBuilderTouched(storage: WritableStorage): void {
  attempt(() => storage.setItem(STORAGE_KEYS.hasTouched, "true"), undefined);
}

/** 'Recommencer': nothing of the old builder is restored afterwards. */
export function forgetBuilder(storage: WritableStorage): void {
  attempt(() => {
    for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
  }, undefined);
}

/** The ids a 'dynami:selected:replace' event carries: a list of ids or exercises, or `{ ids }`. */
export function idsFromReplaceEvent(detail: unknown): string[] | null {
  const list = Array.isArray(detail)
    ? detail
    : detail && typeof detail === "object" && Array.isArray((detail as { ids?: unknown }).ids)
      ? (detail as { ids: unknown[] }).ids
      : null;
  if (!list) return null;
  return list.flatMap((item) => {
    if (typeof item === "string") return [item];
    if (item && typeof item === "object" && typeof (item as { id?: unknown }).id === "string")
      return [(item as { id: string }).id];
    return [];
  });
}
