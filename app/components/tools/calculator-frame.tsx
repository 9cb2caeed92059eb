import type { getFormProps } from "@conform-to/react";
import { type RefObject, useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { CALCULATOR_FIELD, type CalculatorData } from "~/lib/calculator-results";
import styles from "./calculator.module.css";
import { type RememberedMeasure, rememberMeasures } from "./remembered-measures";
import { ResultPlaceholder } from "./result-placeholder";
import { useCalculatorAction, useRevealResult } from "./use-reveal-result";

// What the IMC and calorie calculators share around their own fields: how
// they post and show an answer (useCalculator), and the frame of form and
// result they render (CalculatorFrame).

export interface CalculatorProps<Data extends CalculatorData> {
  /** The action's answer after a plain form post (JavaScript off), when this calculator posted. */
  serverData?: Data | null;
  /** Prefix of the element ids, so two calculators can live on one page. */
  idPrefix?: string;
  /** Heading level of the form and result titles, to fit the page's outline. */
  headingLevel?: 2 | 3;
}

interface CalculatorOptions<Data extends CalculatorData> {
  serverData: Data | null | undefined;
  idPrefix: string;
  headingLevel: 2 | 3;
  /** The computed part of an answer: scrolled into view when it arrives. */
  resultOf: (data: Data) => unknown;
  /** The validated weight and height of an answer, remembered for the next form. */
  measuresOf: (data: Data) => Partial<Record<RememberedMeasure, number>> | null;
}

/**
 * A calculator's fetcher (keyed, so each calculator of a page keeps its
 * own), the answer to show (the fetcher's, or the page's after a plain post
 * without JavaScript), where the form posts, and the options of conform's
 * useForm every calculator starts from: checked on submit, then on input.
 * A fetcher's answer is scrolled into view, and its measures remembered.
 */
export function useCalculator<Data extends CalculatorData>({
  serverData,
  idPrefix,
  headingLevel,
  resultOf,
  measuresOf,
}: CalculatorOptions<Data>) {
  const fetcher = useFetcher<Data>({ key: `${idPrefix}-calculator` });
  const answered = fetcher.data as Data | undefined;
  const data = answered ?? serverData ?? null;
  const resultId = `${idPrefix}-resultat`;
  const action = useCalculatorAction(resultId);
  const resultRegion = useRef<HTMLDivElement>(null);
  useRevealResult(resultRegion, answered && resultOf(answered));
  const rememberMeasuresOf = useEffectEvent((answer: Data) => {
    const measures = measuresOf(answer);
    if (measures) rememberMeasures(measures);
  });
  useEffect(() => {
    if (answered) rememberMeasuresOf(answered);
  }, [answered]);
  return {
    fetcher,
    data,
    pending: fetcher.state !== "idle",
    action,
    resultId,
    resultRegion,
    Heading: `h${headingLevel}` as const,
    formOptions: {
      id: `${idPrefix}-form`,
      lastResult: data?.reply,
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    } as const,
  };
}

interface CalculatorFrameProps {
  /** What useCalculator gave. */
  calculator: {
    fetcher: FetcherWithComponents<unknown>;
    action: string;
    pending: boolean;
    resultRegion: RefObject<HTMLDivElement | null>;
    Heading: "h2" | "h3";
  };
  /** Which calculator posts, for the /outils action. */
  name: CalculatorData["calculator"];
  formProps: ReturnType<typeof getFormProps>;
  title: string;
  submitLabel: string;
  /** A message about the whole form, under its fields (with an id when fields point to it). */
  formError: { id?: string; message: string } | null;
  /** The result panel, or null for the placeholder. */
  result: React.ReactNode;
  /** The calculator's own fields. */
  children: React.ReactNode;
}

/** The form (title, fields, form message, submit button) and, beside it, the result or its placeholder. */
export function CalculatorFrame({
  calculator,
  name,
  formProps,
  title,
  submitLabel,
  formError,
  result,
  children,
}: CalculatorFrameProps) {
  const { t } = useTranslation("tools");
  const { fetcher, action, pending, resultRegion, Heading } = calculator;
  return (
    <div className={styles.calculator}>
      <fetcher.Form method="post" action={action} {...formProps} className={styles.form} preventScrollReset>
        <Heading className={styles.formTitle}>{title}</Heading>
        <input type="hidden" name={CALCULATOR_FIELD} value={name} />
        {children}
        {formError ? (
          <p id={formError.id} className={`field-error ${styles.error} ${styles.formError}`} role="alert">
            {formError.message}
          </p>
        ) : null}
        <button type="submit" className={`button button-accent ${styles.submit}`} aria-disabled={pending || undefined}>
          {pending ? <span className="spinner" aria-hidden="true" /> : null}
          {pending ? t("form.submitPending") : submitLabel}
        </button>
      </fetcher.Form>
      <div className={styles.resultRegion} aria-live="polite" ref={resultRegion}>
        {result ?? <ResultPlaceholder />}
      </div>
    </div>
  );
}
