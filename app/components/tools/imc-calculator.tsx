import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { imcFormSchema, type ImcResult } from "~/domain/imc";
import { CALCULATOR_FIELD, type ImcCalculatorData } from "~/lib/calculator-results";
import { formatNumber } from "~/lib/number-format";
import { NumberField } from "./calculator-fields";
import styles from "./calculator.module.css";
import { HistoryNotice } from "./history-notice";
import { ImcGauge } from "./imc-gauge";
import { rememberMeasures, usePrefillMeasures } from "./remembered-measures";
import { ResultPlaceholder } from "./result-placeholder";
import { useToolMessage } from "./tool-messages";
import { useCalculatorAction, useRevealResult } from "./use-reveal-result";

interface ImcCalculatorProps {
  /** The action's answer after a plain form post (JavaScript off), when this calculator posted. */
  serverData?: ImcCalculatorData | null;
  /** Prefix of the element ids, so two calculators can live on one page. */
  idPrefix?: string;
  /** Heading level of the form and result titles, to fit the page's outline. */
  headingLevel?: 2 | 3;
}

/**
 * The IMC form and its result, the same on /imc and in the /outils tab. The
 * form posts to the page's own action: without JavaScript the page comes back
 * with the result and the entered values; with it a fetcher posts and the
 * result appears in place. conform checks the form in the browser first with
 * the domain's schema, so the messages are the server's.
 */
export function ImcCalculator({ serverData, idPrefix = "imc", headingLevel = 2 }: ImcCalculatorProps) {
  const { t, i18n } = useTranslation("tools");
  const translate = useToolMessage();
  const fetcher = useFetcher<ImcCalculatorData>({ key: `${idPrefix}-calculator` });
  const data = fetcher.data ?? serverData ?? null;
  const [form, fields] = useForm({
    id: `${idPrefix}-form`,
    lastResult: data?.reply,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imcFormSchema }),
  });
  const formError = translate(form.errors?.[0]);
  const pending = fetcher.state !== "idle";
  // A result stays on screen until the form shows a problem: then it would describe other values.
  const result = formError ? null : data?.result;
  const Heading = `h${headingLevel}` as const;
  const resultId = `${idPrefix}-resultat`;
  const action = useCalculatorAction(resultId);
  const resultRegion = useRef<HTMLDivElement>(null);
  useRevealResult(resultRegion, fetcher.data?.result);
  useEffect(() => {
    if (fetcher.data?.values) rememberMeasures(fetcher.data.values);
  }, [fetcher.data]);
  usePrefillMeasures({
    formId: form.id,
    language: i18n.language,
    skip: data !== null,
    fill: (name, value) => form.update({ name: fields[name].name, value }),
  });

  return (
    <div className={styles.calculator}>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} className={styles.form} preventScrollReset>
        <Heading className={styles.formTitle}>{t("imc.formTitle")}</Heading>
        <input type="hidden" name={CALCULATOR_FIELD} value="imc" />
        <div className={styles.fieldRow}>
          <NumberField
            field={fields.poids}
            label={t("imc.poids")}
            unit={t("form.kg")}
            hint={t("imc.poidsHint")}
            sharedErrorId={formError ? form.errorId : undefined}
          />
          <NumberField
            field={fields.taille}
            label={t("imc.taille")}
            unit={t("form.cm")}
            hint={t("imc.tailleHint")}
            sharedErrorId={formError ? form.errorId : undefined}
          />
        </div>
        {formError ? (
          <p id={form.errorId} className={`${styles.error} ${styles.formError}`} role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className={`button button-accent ${styles.submit}`} aria-disabled={pending || undefined}>
          {pending ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {pending ? t("form.submitPending") : t("imc.submit")}
        </button>
      </fetcher.Form>
      <div className={styles.resultRegion} aria-live="polite" ref={resultRegion}>
        {result ? (
          <ImcResultPanel result={result} history={data?.history ?? null} id={resultId} Heading={Heading} />
        ) : (
          <ResultPlaceholder />
        )}
      </div>
    </div>
  );
}

function ImcResultPanel({
  result,
  history,
  id,
  Heading,
}: {
  result: ImcResult;
  history: ImcCalculatorData["history"];
  id: string;
  Heading: "h2" | "h3";
}) {
  const { t, i18n } = useTranslation("tools");
  const category = `imc.categories.${result.categoryId}`;
  return (
    <section id={id} className={styles.result} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.resultTitle}>
        {t("imc.resultTitle")}
      </Heading>
      <div className={styles.headline}>
        <p className={styles.figure}>
          <span className={styles.figureLabel}>{t("imc.valueLabel")}</span>
          <span className={styles.figureValue} data-testid="imc-value">
            {formatNumber(i18n.language, result.imc, 1)}
          </span>
        </p>
        <div className={styles.meaning}>
          <p className={styles.category} data-band={result.categoryId}>
            {t(`${category}.label`)}
          </p>
          <p>{t(`${category}.description`)}</p>
        </div>
      </div>
      <ImcGauge value={result.imc} />
      <div className={styles.advice}>
        <p className={styles.adviceLabel}>{t("imc.adviceLabel")}</p>
        <p>{t(`${category}.conseil`)}</p>
      </div>
      <HistoryNotice outcome={history} />
    </section>
  );
}
