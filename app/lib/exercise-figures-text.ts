import type { RecordKind } from "~/domain/workout/personal-records";
import type { TFunction } from "~/i18n/translator";
import { formatMeasure } from "./number-format";

// An exercise's sets and records as people read them, in the page's
// language: "20 kg × 10 · 20 kg × 8", "25 min 30 s, 5 km, intensité 6",
// "1RM estimé 28,5 kg". The words come from the namespace's `figures.*`
// keys (workout-session for the set logger, dashboard for the progress
// pages), so each page carries only its own texts.

/** What a set says: the figures a strength or an endurance set holds. */
export interface SetFiguresOf {
  weightKg: number | null;
  reps: number | null;
  durationSec: number | null;
  distanceKm: number | null;
  intensity: number | null;
}

/** "25 min 30 s", "25 min", "45 s". */
export function durationText(t: TFunction, seconds: number): string {
  const whole = Math.round(seconds);
  const min = Math.floor(whole / 60);
  const sec = whole % 60;
  if (min === 0) return t("figures.seconds", { sec });
  return sec === 0 ? t("figures.minutes", { min }) : t("figures.minutesSeconds", { min, sec });
}

const kg = (language: string, value: number) => formatMeasure(language, value, 2);

/** One set: "20 kg × 10", "12 rép.", "20 kg"; endurance "25 min, 5 km, intensité 6". */
export function setText(t: TFunction, language: string, set: SetFiguresOf, cardio: boolean): string {
  if (cardio) {
    const parts = [
      set.durationSec ? durationText(t, set.durationSec) : null,
      set.distanceKm ? t("figures.km", { value: formatMeasure(language, set.distanceKm, 2) }) : null,
      set.intensity ? t("figures.intensity", { value: set.intensity }) : null,
    ];
    return parts.filter((part) => part !== null).join(", ");
  }
  if (set.weightKg && set.reps) return t("figures.weightReps", { weight: kg(language, set.weightKg), reps: set.reps });
  if (set.reps) return t("figures.reps", { count: set.reps, reps: set.reps });
  if (set.weightKg) return t("figures.kg", { value: kg(language, set.weightKg) });
  return set.durationSec ? durationText(t, set.durationSec) : "";
}

/** Every set of a session's exercise, one after the other: "20 kg × 10 · 20 kg × 8". */
export function setsText(t: TFunction, language: string, sets: readonly SetFiguresOf[], cardio: boolean): string {
  return sets
    .map((set) => setText(t, language, set, cardio))
    .filter((text) => text !== "")
    .join(" · ");
}

/** A record's figure with its unit: "28,5 kg", "20 rép.", "32 min", "6,2 km". */
export function recordValueText(t: TFunction, language: string, kind: RecordKind, value: number): string {
  switch (kind) {
    case "mostReps":
      return t("figures.reps", { count: value, reps: value });
    case "longestSec":
      return durationText(t, value);
    case "longestKm":
      return t("figures.km", { value: formatMeasure(language, value, 2) });
    default:
      return t("figures.kg", { value: formatMeasure(language, value, 1) });
  }
}
