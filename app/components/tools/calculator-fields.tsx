import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { blockNonNumericKeys } from "~/lib/number-input";
import styles from "./calculator.module.css";

interface NumberFieldProps {
  field: FieldMetadata<unknown>;
  label: string;
  /** Shown after the input, and read out with the label. */
  unit: string;
  hint?: string;
  /** Decimal numbers bring up a keypad with a comma or dot; whole numbers a plain one. */
  inputMode?: "decimal" | "numeric";
  /** The field's own message, already translated. */
  error?: string;
  /** A message elsewhere that concerns this field too (the IMC form's single message). */
  sharedErrorId?: string;
  /** Extra note, e.g. when the field applies to one formula only. */
  note?: string;
  hidden?: boolean;
}

/**
 * A text field for a number: type="text" with a decimal keypad, so "70,5"
 * stays as typed (a type="number" field drops a comma in some browsers).
 * The keys the spec blocks are blocked, and no native constraint is set, so
 * the server's messages show even without JavaScript.
 */
export function NumberField({
  field,
  label,
  unit,
  hint,
  inputMode = "decimal",
  error,
  sharedErrorId,
  note,
  hidden,
}: NumberFieldProps) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint || note ? hintId : null, error ? field.errorId : null, sharedErrorId ?? null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field" hidden={hidden}>
      <label htmlFor={field.id} className={styles.label}>
        {label}
        <span className="visually-hidden"> ({unit})</span>
      </label>
      <div className={styles.inputWrap}>
        <input
          {...getInputProps(field, { type: "text", ariaAttributes: false })}
          key={field.key}
          className={`field-input ${styles.input}`}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          onKeyDown={blockNonNumericKeys}
          aria-invalid={error || sharedErrorId ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <span className={styles.unit} aria-hidden="true">
          {unit}
        </span>
      </div>
      {hint || note ? (
        <p id={hintId} className={`field-hint ${styles.hint}`}>
          {note ? <strong className={styles.note}>{note} </strong> : null}
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className={`field-error ${styles.error}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
  description?: string;
  badge?: string;
}

interface ChoiceGroupProps {
  field: FieldMetadata<unknown>;
  legend: string;
  options: ChoiceOption[];
  error?: string;
  /** Options side by side (short labels) or stacked (with descriptions). */
  layout?: "inline" | "grid";
}

/** Radio buttons in a fieldset, each option a large touch target with an optional description. */
export function ChoiceGroup({ field, legend, options, error, layout = "grid" }: ChoiceGroupProps) {
  return (
    <fieldset className={styles.choiceGroup} aria-describedby={error ? field.errorId : undefined}>
      <legend className={styles.label}>{legend}</legend>
      <div className={layout === "inline" ? styles.choicesInline : styles.choicesGrid}>
        {options.map((option) => {
          const id = `${field.id}-${option.value}`;
          const descriptionId = option.description ? `${id}-description` : undefined;
          return (
            <label key={option.value} htmlFor={id} className={styles.choice}>
              <input
                {...getInputProps(field, { type: "radio", value: option.value, ariaAttributes: false })}
                key={`${field.key ?? ""}-${option.value}`}
                id={id}
                className={styles.choiceInput}
                aria-describedby={descriptionId}
                aria-invalid={error ? true : undefined}
              />
              <span className={styles.choiceText}>
                <span className={styles.choiceLabel}>
                  {option.label}
                  {option.badge ? <span className={styles.choiceBadge}>{option.badge}</span> : null}
                </span>
                {option.description ? (
                  <span id={descriptionId} className={styles.choiceDescription}>
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={field.errorId} className={`field-error ${styles.error}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
