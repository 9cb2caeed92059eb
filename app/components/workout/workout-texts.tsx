import { createContext, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "~/i18n/translator";

// The workout page's translation function, read once by the page and shared
// with its parts. A text is the same for every request with the same
// language, key and values, so each one is looked up and interpolated once:
// that was a good share of the page's cost on the server. (French texts carry
// their own no-break spaces.)

export type WorkoutT = TFunction;

const WorkoutTextsContext = createContext<WorkoutT | null>(null);

/** Texts by language, key and values; emptied when it grows past this (values like names vary). */
const MAX_REMEMBERED = 2_000;
const rememberedTexts = new Map<string, string>();

/** Options made only of strings and numbers (interpolation values, count) can share a text. */
function plainOptions(options: unknown): string | null {
  if (options === undefined) return "";
  if (typeof options !== "object" || options === null) return null;
  const entries = Object.entries(options);
  if (!entries.every(([, value]) => typeof value === "string" || typeof value === "number")) return null;
  return JSON.stringify(entries);
}

/**
 * t, remembering its texts per language, key and values (anything else, such
 * as returnObjects, goes to t).
 */
export function rememberingT(t: WorkoutT, language: string): WorkoutT {
  const call = t as unknown as (key: string | string[], options?: unknown) => unknown;
  const remembering = (key: string | string[], options?: unknown) => {
    const values = typeof key === "string" ? plainOptions(options) : null;
    if (values === null || (options as { returnObjects?: unknown } | undefined)?.returnObjects) {
      return call(key, options);
    }
    const cacheKey = `${language}\u0000${key as string}\u0000${values}`;
    let text = rememberedTexts.get(cacheKey);
    if (text === undefined) {
      text = String(call(key, options));
      if (rememberedTexts.size >= MAX_REMEMBERED) rememberedTexts.clear();
      rememberedTexts.set(cacheKey, text);
    }
    return text;
  };
  return remembering as unknown as WorkoutT;
}

/** The page's t, for the page itself: give it to the parts with WorkoutTextsProvider. */
export function usePageWorkoutT(): WorkoutT {
  const { t, i18n } = useTranslation("workout");
  const language = i18n.language;
  return useMemo(() => rememberingT(t, language), [t, language]);
}

export function WorkoutTextsProvider({ t, children }: { t: WorkoutT; children: React.ReactNode }) {
  return <WorkoutTextsContext value={t}>{children}</WorkoutTextsContext>;
}

/** The workout namespace's t, from the page that renders this part. */
export function useWorkoutT(): WorkoutT {
  const t = useContext(WorkoutTextsContext);
  if (!t) throw new Error("useWorkoutT() is for the parts of the workout page (WorkoutTextsProvider).");
  return t;
}
