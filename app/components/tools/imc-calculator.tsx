import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { type ImcResult, validateImcInput } from "~/domain/imc";
import type { ImcCalculatorData } from "~/lib/calculator-results";
import { parseWithRules } from "~/lib/form-rules";
import { formatNumber } from "~/lib/number-format";
import { NumberField } from "./calculator-fields";
import { type CalculatorProps, CalculatorFrame, useCalculator } from "./calculator-frame";
import styles from "./calculator.module.css";
import { HistoryNotice } from "./history-notice";
import { ImcGauge } from "./imc-gauge";
import { usePrefillMeasures } from "./remembered-measures";
import { useToolMessage } from "./tool-messages";

/**
 * The IMC form and its result, the same on /imc and in the /outils tab. The
 * form posts to the page's own action: without JavaScript the page comes back
 * with the result and the entered values; with it a fetcher posts and the
 * result appears in place. conform checks the form in the browser first with
 * the domain's rules, so the messages are the server's.
 */
export function ImcCalculator({ serverData, idPrefix = "imc", headingLevel = 2 }: CalculatorProps<ImcCalculatorData>) {
  const { t, i18n } = useTranslation("tools");
  const translate = useToolMessage();
  const calculator = useCalculator({
    serverData,
    idPrefix,
    headingLevel,
    resultOf: (answer) => answer.result,
    measuresOf: (answer) => answer.values,
  });
  const { data, Heading, resultId } = calculator;
  const [form, fields] = useForm({
    ...calculator.formOptions,
    // The one message concerns both fields: a form-level error, as on the server.
    onValidate: ({ formData }) =>
      parseWithRules<{ poids: unknown; taille: unknown }>(formData, (payload) => {
        const checked = validateImcInput(payload);
        return checked.ok ? { ok: true, value: checked } : { ok: false, errors: { "": checked.message } };
      }),
  });
  const formError = translate(form.errors?.[0]);
  // A result stays on screen until the form shows a problem: then it would describe other values.
  const result = formError ? null : data?.result;
  usePrefillMeasures({
    formId: form.id,
    language: i18n.language,
    skip: data !== null,
    fill: (name, value) => form.update({ name: fields[name].name, value }),
  });
  // The form's single message concerns both fields.
  const sharedErrorId = formError ? form.errorId : undefined;

  return (
    <CalculatorFrame
      calculator={calculator}
      name="imc"
      formProps={getFormProps(form)}
      title={t("imc.formTitle")}
      submitLabel={t("imc.submit")}
      formError={formError ? { id: form.errorId, message: formError } : null}
      result={
        result ? (
          <ImcResultPanel result={result} history={data?.history ?? null} id={resultId} Heading={Heading} />
        ) : null
      }
    >
      <div className={styles.fieldRow}>
        <NumberField
          field={fields.poids}
          label={t("imc.poids")}
          unit={t("form.kg")}
          hint={t("imc.poidsHint")}
          sharedErrorId={sharedErrorId}
        />
        <NumberField
          field={fields.taille}
          label={t("imc.taille")}
          unit={t("form.cm")}
          hint={t("imc.tailleHint")}
          sharedErrorId={sharedErrorId}
        />
      </div>
    </CalculatorFrame>
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
