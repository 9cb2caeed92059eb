import { useEffect, useEffectEvent } from "react";
import { readNumberInput } from "~/domain/numbers";
import { rememberPreference } from "~/lib/consent";
import { formatMeasure } from "~/lib/number-format";

// The spec's local storage keys userPoids and userTaille: the last weight and
// height of a successful calculation, offered again in an empty form (the
// calorie form after the IMC one, or the next visit). Browser only, so with
// JavaScript; written only once the visitor accepted preferences (cookie
// consent), and skipped when storage is unavailable (private mode).

const STORAGE_KEYS = { poids: "userPoids", taille: "userTaille" } as const;
export type RememberedMeasure = keyof typeof STORAGE_KEYS;

export function rememberMeasures(values: Partial<Record<RememberedMeasure, number>>): void {
  for (const name of Object.keys(STORAGE_KEYS) as RememberedMeasure[]) {
    const value = values[name];
    if (value !== undefined) rememberPreference(STORAGE_KEYS[name], String(value));
  }
}

function rememberedMeasure(name: RememberedMeasure): number | null {
  try {
    return readNumberInput(localStorage.getItem(STORAGE_KEYS[name]));
  } catch {
    return null;
  }
}

/**
 * Once, after hydration: fills the weight and height fields that are still
 * empty with the remembered values, written the page's way (70,5 in French).
 * Skipped when the page already answers a post (the fields hold those values).
 */
export function usePrefillMeasures(options: {
  formId: string;
  language: string;
  skip: boolean;
  fill: (name: RememberedMeasure, value: string) => void;
}): void {
  const { formId, language, skip, fill } = options;
  const prefill = useEffectEvent(() => {
    if (skip) return;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    for (const name of Object.keys(STORAGE_KEYS) as RememberedMeasure[]) {
      const input = form.elements.namedItem(name);
      const value = rememberedMeasure(name);
      if (value !== null && input instanceof HTMLInputElement && input.value === "") {
        fill(name, formatMeasure(language, value, 1));
      }
    }
  });
  // Only after the first render: later the user's own typing wins.
  useEffect(() => {
    prefill();
  }, []);
}
