import type { SubmissionResult } from "@conform-to/react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { CalorieInput, CalorieNeeds } from "~/domain/calories";
import type { ImcResult } from "~/domain/imc";

// What the calculator actions answer, shared by the server (which builds it)
// and the calculator components (which render it, from a fetcher with
// JavaScript or from the action data of a plain form post without).

/**
 * What happened to a calculation on the history side: saved for the
 * signed-in user, not saved because nobody is signed in (the page invites to
 * log in), or not saved because the store failed (the spec ignores such
 * failures: the result is still shown).
 */
export type HistorySaveOutcome = "saved" | "signed-out" | "limited" | "failed";

export interface ImcCalculatorData {
  calculator: "imc";
  /** conform's reply: the entered values, and the form-level error when invalid. */
  reply: SubmissionResult<string[]>;
  /** The validated weight and height. */
  values: { poids: number; taille: number } | null;
  result: ImcResult | null;
  history: HistorySaveOutcome | null;
}

export interface CalorieCalculatorData {
  calculator: "calories";
  reply: SubmissionResult<string[]>;
  /** The validated form, for the lines that explain the figure (activity multiplier...). */
  input: CalorieInput | null;
  needs: CalorieNeeds | null;
  history: HistorySaveOutcome | null;
}

export type CalculatorData = ImcCalculatorData | CalorieCalculatorData;

/** The hidden field that tells the /outils action which calculator posted. */
export const CALCULATOR_FIELD = "calculateur";

/**
 * shouldRevalidate of a calculator's own page (/imc, /calorie(s)): its texts
 * do not change with a calculation, so a fetcher post to the page itself
 * needs no reload of them.
 */
export function skipReloadAfterCalculation({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST" && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}
