// 'Dernière fois': the sets of the latest saved session that held an
// exercise, as the set logger shows them (each set row's placeholder) and
// copies them ('Reprendre mes séries'). Placeholders are only hints: an
// untouched field stays empty and is not saved (the spec's rule). Pure, and
// small: the session view's code carries it.

import {
  type CardioSetInput,
  DEFAULT_CARDIO_INTENSITY,
  type EntrySet,
  type ExerciseInput,
  hasLoggedValue,
  SESSION_LIMITS,
  type SessionMode,
  type StrengthSetInput,
} from "./session-entries.ts";

/** What a previous set gives a row: the figures a row can hold, null where the set had none. */
export interface PreviousSet {
  weightKg: number | null;
  reps: number | null;
  restSec: number | null;
  durationSec: number | null;
  distanceKm: number | null;
  intensity: number | null;
}

/** The latest session's sets of one exercise, and its card's mode then. */
export interface PreviousSets {
  mode: SessionMode;
  sets: PreviousSet[];
}

/** What the session view knows of an exercise's last time: the line it shows, and the sets behind it. */
export interface LastTimeLine {
  /** 'Dernière fois (21/11) : 20 kg × 10 · 20 kg × 8', in the page's language. */
  line: string;
  previous: PreviousSets;
}

/**
 * The session view's memory: a visitor's (signedIn false) has nothing and
 * gets a line inviting them to log in; a signed-in user's has the last time
 * of each exercise done before.
 */
export interface SessionMemory {
  signedIn: boolean;
  lastTimes: Record<string, LastTimeLine>;
}

export const NO_SESSION_MEMORY: SessionMemory = { signedIn: false, lastTimes: {} };

export const previousSetOf = (set: EntrySet): PreviousSet => ({
  weightKg: set.weightKg,
  reps: set.reps,
  restSec: set.restSec,
  durationSec: set.durationSec,
  distanceKm: set.distanceKm,
  intensity: set.intensity,
});

const isCardio = (mode: SessionMode) => mode === "cardio";

/** A strength row as the previous set fills it. */
export const strengthRowOf = (set: PreviousSet): StrengthSetInput => ({
  weight: set.weightKg,
  reps: set.reps,
  restSec: set.restSec,
});

/** A cardio row as the previous set fills it: its duration in minutes and seconds. */
export function cardioRowOf(set: PreviousSet): CardioSetInput {
  const seconds = set.durationSec ?? 0;
  return {
    durationMin: seconds >= 60 ? Math.floor(seconds / 60) : null,
    durationSec: seconds % 60 > 0 ? seconds % 60 : null,
    intensity: set.intensity ?? DEFAULT_CARDIO_INTENSITY,
    distanceKm: set.distanceKm,
  };
}

/** The previous sets that stand as placeholders in a card shown in `mode`: none when last time was of the other kind. */
export function placeholderSets(previous: PreviousSets | null, mode: SessionMode): PreviousSet[] {
  return previous && isCardio(previous.mode) === isCardio(mode) ? previous.sets : [];
}

const emptyStrength = (row: StrengthSetInput) => row.weight === null && row.reps === null;
const emptyCardio = (row: CardioSetInput) =>
  row.durationMin === null && row.durationSec === null && row.distanceKm === null;

function filled<Row>(
  rows: readonly Row[],
  previous: readonly PreviousSet[],
  isEmpty: (row: Row) => boolean,
  rowOf: (set: PreviousSet) => Row,
): Row[] {
  const length = Math.min(SESSION_LIMITS.setsPerEntry, Math.max(rows.length, previous.length));
  return Array.from({ length }, (_, j) => {
    const row = rows[j];
    const set = previous[j];
    if (set === undefined) return row!;
    return row === undefined || isEmpty(row) ? rowOf(set) : row;
  });
}

/**
 * 'Reprendre mes séries': the previous sets copied into the empty rows (and
 * rows added for the sets beyond), rows already typed kept as they are. A
 * card with nothing logged yet takes last time's mode first.
 */
export function resumePreviousSets(input: ExerciseInput, previous: PreviousSets): ExerciseInput {
  const mode = hasLoggedValue(input) ? input.mode : previous.mode;
  const sets = placeholderSets(previous, mode);
  if (sets.length === 0) return input;
  return isCardio(mode)
    ? { ...input, mode, cardioSets: filled(input.cardioSets, sets, emptyCardio, cardioRowOf) }
    : { ...input, mode, sets: filled(input.sets, sets, emptyStrength, strengthRowOf) };
}
