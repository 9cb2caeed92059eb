import { getFormProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Modal } from "~/components/ui/modal";
import {
  type Activite,
  ACTIVITES,
  ACTIVITY_MULTIPLIERS,
  type CalorieField,
  type CalorieNeeds,
  DEFAULT_FORMULE,
  type GoalPlan,
  MACRO_SPLITS,
  MACROS,
  type Objectif,
  OBJECTIFS,
  SEXES,
  validateCalorieInput,
} from "~/domain/calories";
import type { CalorieCalculatorData } from "~/lib/calculator-results";
import { parseWithRules } from "~/lib/form-rules";
import { formatMeasure, formatNumber } from "~/lib/number-format";
import { useHydrated } from "~/lib/use-hydrated";
import { ChoiceGroup, NumberField } from "./calculator-fields";
import { type CalculatorProps, CalculatorFrame, useCalculator } from "./calculator-frame";
import styles from "./calculator.module.css";
import { HistoryNotice } from "./history-notice";
import { usePrefillMeasures } from "./remembered-measures";
import { useToolMessage } from "./tool-messages";

/** Display order of the formulas: the recommended one first. */
const FORMULA_ORDER = ["mifflin", "standard", "katch"] as const;

/**
 * The calorie form and its result, the same on /calorie(s) and in the
 * /outils tab. Works like the IMC calculator: a plain post without
 * JavaScript, a fetcher with it, and the domain's rules on both sides.
 */
export function CalorieCalculator({
  serverData,
  idPrefix = "calories",
  headingLevel = 2,
}: CalculatorProps<CalorieCalculatorData>) {
  const { t, i18n } = useTranslation("tools");
  const translate = useToolMessage();
  const hydrated = useHydrated();
  const calculator = useCalculator({
    serverData,
    idPrefix,
    headingLevel,
    resultOf: (answer) => answer.needs,
    measuresOf: (answer) => answer.input,
  });
  const { data, Heading, resultId } = calculator;
  const [form, fields] = useForm({
    ...calculator.formOptions,
    defaultValue: { formule: DEFAULT_FORMULE },
    onValidate: ({ formData }) => parseWithRules<Record<CalorieField, unknown>>(formData, validateCalorieInput),
  });
  const hasErrors = Object.keys(form.allErrors).length > 0;
  const result = hasErrors ? null : data?.needs;
  usePrefillMeasures({
    formId: form.id,
    language: i18n.language,
    skip: data !== null,
    fill: (name, value) => form.update({ name: fields[name].name, value }),
  });
  // Without JavaScript the body fat field is always there, with a note; with
  // it, it appears only once Katch-McArdle is chosen.
  const formule = fields.formule.value ?? fields.formule.initialValue ?? DEFAULT_FORMULE;
  const showBodyFat = !hydrated || formule === "katch";
  const errorOf = (name: keyof typeof fields) => translate(fields[name].errors?.[0]);

  return (
    <CalculatorFrame
      calculator={calculator}
      name="calories"
      formProps={getFormProps(form)}
      title={t("calories.formTitle")}
      submitLabel={t("calories.submit")}
      formError={hasErrors ? { message: t("form.errorSummary") } : null}
      result={
        result ? (
          <CalorieResultPanel
            needs={result}
            activite={data?.input?.activite ?? null}
            history={data?.history ?? null}
            id={resultId}
            Heading={Heading}
          />
        ) : null
      }
    >
      <ChoiceGroup
        field={fields.sexe}
        legend={t("calories.sexe")}
        layout="inline"
        options={SEXES.map((sexe) => ({ value: sexe, label: t(`calories.sexes.${sexe}`) }))}
        error={errorOf("sexe")}
      />
      <div className={styles.fieldRow3}>
        <NumberField
          field={fields.poids}
          label={t("calories.poids")}
          unit={t("form.kg")}
          hint={t("calories.poidsHint")}
          error={errorOf("poids")}
        />
        <NumberField
          field={fields.taille}
          label={t("calories.taille")}
          unit={t("form.cm")}
          hint={t("calories.tailleHint")}
          error={errorOf("taille")}
        />
        <NumberField
          field={fields.age}
          label={t("calories.age")}
          unit={t("form.years")}
          hint={t("calories.ageHint")}
          inputMode="numeric"
          error={errorOf("age")}
        />
      </div>
      <ChoiceGroup
        field={fields.formule}
        legend={t("calories.formule")}
        options={FORMULA_ORDER.map((formula) => ({
          value: formula,
          label: t(`calories.formules.${formula}.label`),
          description: t(`calories.formules.${formula}.description`),
          badge: formula === DEFAULT_FORMULE ? t("calories.recommended") : undefined,
        }))}
        error={errorOf("formule")}
      />
      <NumberField
        field={fields.masseGrasse}
        label={t("calories.masseGrasse")}
        unit={t("form.percent")}
        hint={t("calories.masseGrasseHint")}
        note={hydrated ? undefined : t("calories.masseGrasseOnlyKatch")}
        error={errorOf("masseGrasse")}
        hidden={!showBodyFat}
      />
      <ChoiceGroup
        field={fields.activite}
        legend={t("calories.activite")}
        options={ACTIVITES.map((activite) => ({
          value: activite,
          label: t(`calories.activites.${activite}.label`),
          description: t(`calories.activites.${activite}.description`),
        }))}
        error={errorOf("activite")}
      />
      <ChoiceGroup
        field={fields.objectif}
        legend={t("calories.objectif")}
        layout="inline"
        options={OBJECTIFS.map((objectif) => ({ value: objectif, label: t(`calories.objectifs.${objectif}`) }))}
        error={errorOf("objectif")}
      />
    </CalculatorFrame>
  );
}

function CalorieResultPanel({
  needs,
  activite,
  history,
  id,
  Heading,
}: {
  needs: CalorieNeeds;
  activite: Activite | null;
  history: CalorieCalculatorData["history"];
  id: string;
  Heading: "h2" | "h3";
}) {
  const { t, i18n } = useTranslation("tools");
  const language = i18n.language;
  const SubHeading = Heading === "h2" ? "h3" : "h4";
  const objectif = needs.objectif;
  return (
    <section id={id} className={styles.result} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={styles.resultTitle}>
        {t("calories.resultTitle")}
      </Heading>
      <div className={styles.headline}>
        <p className={styles.figure}>
          <span className={styles.figureValue} data-testid="calories-value">
            {formatNumber(language, needs.chosen.calories)}
          </span>
          <span className={styles.figureUnit}>{t("calories.perDay")}</span>
        </p>
        <div className={styles.meaning}>
          <p className={styles.category} data-goal={objectif}>
            {t(`calories.objectifs.${objectif}`)}
          </p>
          <p>{t(`calories.goalMeaning.${objectif}`)}</p>
        </div>
      </div>
      <div>
        <SubHeading className={styles.subTitle}>{t("calories.macrosTitle")}</SubHeading>
        <MacroList plan={needs.chosen} testIdPrefix="macro" />
      </div>
      {activite ? (
        <p className={styles.details}>
          {t("calories.details", {
            bmr: formatNumber(language, needs.bmr),
            formule: t(`calories.formules.${needs.formule}.label`),
            multiplier: formatMeasure(language, ACTIVITY_MULTIPLIERS[activite], 2),
            maintenance: formatNumber(language, needs.maintenance),
          })}
          {needs.leanMassKg !== null
            ? ` ${t("calories.leanMass", { value: formatMeasure(language, needs.leanMassKg) })}`
            : null}
        </p>
      ) : null}
      <div className={styles.advice}>
        <p className={styles.adviceLabel}>{t("calories.adviceLabel")}</p>
        <p>{t(`calories.goalAdvice.${objectif}`)}</p>
      </div>
      <GoalCards needs={needs} idPrefix={id} SubHeading={SubHeading} />
      <p className={styles.recipesLink}>
        {/* The spec's 'see adapted recipes': /not-found says they are on their way. */}
        <Link to="/not-found" className="button button-accent">
          {t("calories.seeRecipes")}
        </Link>
      </p>
      <HistoryNotice outcome={history} />
    </section>
  );
}

function MacroList({ plan, testIdPrefix }: { plan: GoalPlan; testIdPrefix?: string }) {
  const { t, i18n } = useTranslation("tools");
  return (
    <ul className={styles.macros}>
      {MACROS.map((macro) => (
        <li key={macro} className={styles.macro} data-macro={macro}>
          <span className={styles.macroName}>{t(`calories.macros.${macro}`)}</span>
          <span className={styles.macroGrams} data-testid={testIdPrefix ? `${testIdPrefix}-${macro}` : undefined}>
            {t("calories.grams", { value: formatNumber(i18n.language, plan.macros[macro]) })}
          </span>
          <span className={styles.macroShare}>
            {t("calories.share", { value: formatNumber(i18n.language, MACRO_SPLITS[plan.objectif][macro] * 100) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function GoalDetail({ plan }: { plan: GoalPlan }) {
  const { t, i18n } = useTranslation("tools");
  return (
    <div className={styles.goalDetail}>
      <p className={styles.figure}>
        <span className={styles.figureValue}>{formatNumber(i18n.language, plan.calories)}</span>
        <span className={styles.figureUnit}>{t("calories.perDay")}</span>
      </p>
      <p>{t(`calories.goalMeaning.${plan.objectif}`)}</p>
      <MacroList plan={plan} />
      <p className={styles.details}>{t(`calories.goalAdvice.${plan.objectif}`)}</p>
    </div>
  );
}

/**
 * One card per goal. With JavaScript each opens a dialog with that goal's
 * calories and macros; without, the same detail unfolds in a <details>.
 */
function GoalCards({
  needs,
  idPrefix,
  SubHeading,
}: {
  needs: CalorieNeeds;
  idPrefix: string;
  SubHeading: "h3" | "h4";
}) {
  const { t, i18n } = useTranslation("tools");
  const hydrated = useHydrated();
  const [openGoal, setOpenGoal] = useState<Objectif | null>(null);
  const dialogTitleId = `${idPrefix}-goal-title`;
  return (
    <div>
      <SubHeading className={styles.subTitle}>{t("calories.goalsTitle")}</SubHeading>
      <ul className={styles.goalCards}>
        {OBJECTIFS.map((objectif) => {
          const isChosen = objectif === needs.objectif;
          const plan = needs.goals[objectif];
          return (
            <li
              key={objectif}
              id={`${idPrefix}-goal-${objectif}`}
              className={`${styles.goalCard} ${isChosen ? styles.goalCardChosen : ""}`}
            >
              <p className={styles.goalName}>
                {t(`calories.goalCards.${objectif}`)}
                {isChosen ? <span className={styles.goalBadge}>{t("calories.yourGoal")}</span> : null}
              </p>
              <p className={styles.goalKcal} data-testid={`goal-${objectif}`}>
                {t("calories.kcal", { value: formatNumber(i18n.language, plan.calories) })}
              </p>
              <p className={styles.goalOffset}>{t(`calories.goalOffset.${objectif}`)}</p>
              {hydrated ? (
                <button
                  type="button"
                  className={`button button-secondary ${styles.goalButton}`}
                  aria-haspopup="dialog"
                  onClick={() => setOpenGoal(objectif)}
                >
                  {t("calories.seeDetail")}
                  <span className="visually-hidden">
                    {t("common:a11y.labelSeparator")}
                    {t(`calories.objectifs.${objectif}`)}
                  </span>
                </button>
              ) : (
                <details className={styles.goalDisclosure}>
                  <summary>
                    {t("calories.seeDetail")}
                    <span className="visually-hidden">
                      {t("common:a11y.labelSeparator")}
                      {t(`calories.objectifs.${objectif}`)}
                    </span>
                  </summary>
                  <GoalDetail plan={plan} />
                </details>
              )}
            </li>
          );
        })}
      </ul>
      {hydrated ? (
        <Modal
          open={openGoal !== null}
          onClose={() => setOpenGoal(null)}
          labelledBy={dialogTitleId}
          closeLabel={t("articles.close")}
        >
          {openGoal ? (
            <>
              <h2 id={dialogTitleId} className={styles.dialogTitle}>
                {t("calories.goalDialogTitle", { goal: t(`calories.objectifs.${openGoal}`) })}
              </h2>
              <GoalDetail plan={needs.goals[openGoal]} />
            </>
          ) : null}
        </Modal>
      ) : null}
    </div>
  );
}
