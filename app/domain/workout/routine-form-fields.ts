// The routine page's form, as the page and the server both name it: its
// fields and its buttons' intents. Imports nothing, so the page's code
// carries only this (the reading of the form is routine-form.ts, server side).

import type { SessionMode } from "./session-entries";

/** A target as typed: reps and weight, or a duration in minutes and seconds. */
export interface RoutineFormTarget {
  reps: string;
  weight: string;
  min: string;
  sec: string;
}

export interface RoutineFormExercise {
  exerciseId: string;
  mode: SessionMode;
  targets: RoutineFormTarget[];
}

export interface RoutineFormState {
  name: string;
  exercises: RoutineFormExercise[];
}

/** A figure typed that is not one: its field, and the bounds it must keep. */
export interface RoutineFieldError {
  field: string;
  min: number;
  max: number;
}

/** The form's field names. Exercise ids are slugs, so a dot never belongs to one. */
export const ROUTINE_FORM_FIELDS = {
  name: "name",
  intent: "intent",
  /** Each exercise's id, once, in the form's order. */
  order: "ordre",
  /** Exercises ticked in the search, to add. */
  ticked: "coche",
  mode: (exerciseId: string) => `mode.${exerciseId}`,
  target: (exerciseId: string, index: number, part: keyof RoutineFormTarget) => `${exerciseId}.${index}.${part}`,
} as const;

/** The catalogue's ids are slugs. */
export const EXERCISE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type RoutineIntent =
  | { kind: "save" }
  | { kind: "move"; exerciseId: string; by: -1 | 1 }
  | { kind: "move-to"; exerciseId: string; index: number }
  | { kind: "remove"; exerciseId: string }
  | { kind: "add-target"; exerciseId: string }
  | { kind: "remove-target"; exerciseId: string; index: number }
  | { kind: "apply-mode"; exerciseId: string }
  | { kind: "add-exercises" }
  | { kind: "duplicate" }
  | { kind: "delete" };

const VERBS = {
  save: "enregistrer",
  move: "deplacer",
  "move-to": "placer",
  remove: "retirer",
  "add-target": "ajouter-objectif",
  "remove-target": "retirer-objectif",
  "apply-mode": "mode",
  "add-exercises": "ajouter-exercices",
  duplicate: "dupliquer",
  delete: "supprimer",
} as const satisfies Record<RoutineIntent["kind"], string>;

/** The `intent` value a button sends. */
export function formatRoutineIntent(intent: RoutineIntent): string {
  const verb = VERBS[intent.kind];
  switch (intent.kind) {
    case "move":
      return `${verb}:${intent.exerciseId}:${intent.by < 0 ? "haut" : "bas"}`;
    case "move-to":
    case "remove-target":
      return `${verb}:${intent.exerciseId}:${intent.index}`;
    case "remove":
    case "add-target":
    case "apply-mode":
      return `${verb}:${intent.exerciseId}`;
    default:
      return verb;
  }
}

/** The intent of a posted button; anything else is null (and changes nothing). */
export function parseRoutineIntent(value: unknown): RoutineIntent | null {
  if (typeof value !== "string" || value.length > 200) return null;
  const [verb, exerciseId = "", extra = "", ...rest] = value.split(":");
  const kind = (Object.keys(VERBS) as RoutineIntent["kind"][]).find((key) => VERBS[key] === verb);
  if (kind === undefined || rest.length > 0) return null;
  const id = EXERCISE_ID.test(exerciseId) ? exerciseId : null;
  const index = /^\d{1,3}$/.test(extra) ? Number(extra) : null;
  switch (kind) {
    case "move":
      return id && (extra === "haut" || extra === "bas")
        ? { kind, exerciseId: id, by: extra === "haut" ? -1 : 1 }
        : null;
    case "move-to":
    case "remove-target":
      return id && index !== null ? { kind, exerciseId: id, index } : null;
    case "remove":
    case "add-target":
    case "apply-mode":
      return id && extra === "" ? { kind, exerciseId: id } : null;
    default:
      return value === verb ? { kind } : null;
  }
}
