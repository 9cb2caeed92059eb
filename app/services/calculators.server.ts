import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { CALORIE_FIELDS, computeCalorieNeeds } from "~/domain/calories";
import { calorieFormSchema } from "~/domain/calories-schema";
import { caloriesHistoryEntry, imcHistoryEntry } from "~/domain/history";
import { computeImcResult } from "~/domain/imc";
import { imcFormSchema } from "~/domain/imc-schema";
import { boundedReply, type EchoLimits } from "~/lib/bounded-reply";
import { CALCULATOR_FIELD, type CalorieCalculatorData, type ImcCalculatorData } from "~/lib/calculator-results";
import { readFormData } from "~/lib/http.server";
import { saveForCurrentUser } from "./history.server";

// The use cases behind the calculator forms (on /imc, /calorie(s) and
// /outils): validate, compute, save to the history when someone is signed
// in. The answer carries conform's reply, so the page shows the entered
// values and the messages again whether or not JavaScript runs.

/** A number or a choice never needs more characters than this; longer input is not echoed whole. */
const CALCULATOR_ECHO_LIMIT = 20;
const echoLimits = (fields: readonly string[]): EchoLimits =>
  Object.fromEntries([...fields, CALCULATOR_FIELD].map((field) => [field, CALCULATOR_ECHO_LIMIT]));
const IMC_ECHO_LIMITS = echoLimits(["poids", "taille"]);
const CALORIE_ECHO_LIMITS = echoLimits(CALORIE_FIELDS);

export interface CalculatorOutcome<Data> {
  /** 400 when the form is invalid, as conform and the Epic Stack expect. */
  status: 200 | 400;
  data: Data;
}

export async function runImcCalculator(
  context: Readonly<RouterContextProvider>,
  request: Request,
  formData: FormData,
): Promise<CalculatorOutcome<ImcCalculatorData>> {
  const submission = parseWithZod(formData, { schema: imcFormSchema });
  const reply = () => boundedReply(submission.reply(), IMC_ECHO_LIMITS);
  if (submission.status !== "success") {
    return {
      status: 400,
      data: { calculator: "imc", reply: reply(), values: null, result: null, history: null },
    };
  }
  const { poids, taille } = submission.value;
  const result = computeImcResult(poids, taille);
  const history = await saveForCurrentUser(context, request, imcHistoryEntry({ poids, taille }));
  return {
    status: 200,
    data: { calculator: "imc", reply: reply(), values: { poids, taille }, result, history },
  };
}

export async function runCalorieCalculator(
  context: Readonly<RouterContextProvider>,
  request: Request,
  formData: FormData,
): Promise<CalculatorOutcome<CalorieCalculatorData>> {
  const submission = parseWithZod(formData, { schema: calorieFormSchema });
  const reply = () => boundedReply(submission.reply(), CALORIE_ECHO_LIMITS);
  if (submission.status !== "success") {
    return {
      status: 400,
      data: { calculator: "calories", reply: reply(), input: null, needs: null, history: null },
    };
  }
  const needs = computeCalorieNeeds(submission.value);
  const history = await saveForCurrentUser(context, request, caloriesHistoryEntry(submission.value));
  return {
    status: 200,
    data: { calculator: "calories", reply: reply(), input: submission.value, needs, history },
  };
}

type Calculator<Data> = (
  context: Readonly<RouterContextProvider>,
  request: Request,
  formData: FormData,
) => Promise<CalculatorOutcome<Data>>;

/** The action of a calculator's own page (/imc, /calorie(s)): the posted form through that calculator, answered with its status. */
export async function calculatorAction<Data>(
  calculator: Calculator<Data>,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  const outcome = await calculator(context, request, await readFormData(request));
  return data(outcome.data, { status: outcome.status });
}
