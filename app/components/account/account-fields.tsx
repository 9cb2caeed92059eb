import { useEffect, useEffectEvent, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, EyeIcon, EyeOffIcon } from "~/components/layout/icons";
import { useHydrated } from "~/lib/use-hydrated";
import styles from "./account.module.css";

// Small form parts shared by the dialog's views and the reset page: a visible
// label, the message under the field (announced politely as it changes) and
// aria-invalid on the field it is about.

interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  disabled?: boolean;
  /**
   * The field focus goes to when the view shows: the dialog focuses it once
   * open (data-autofocus); without JavaScript, autofocus in the page does.
   */
  initialFocus?: boolean;
  autoComplete?: string;
  required?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * The fields are uncontrolled (defaultValue) but mirrored in React state.
 * What someone types before the scripts have hydrated lives only in the DOM,
 * and a controlled input would be reset to the server's value on hydration:
 * here the DOM's value is handed to the state once mounted, and from then on
 * the state leads (a view can empty its fields).
 */
function useMirroredField<Value extends string | boolean>(
  value: Value,
  onChange: (value: Value) => void,
  read: (input: HTMLInputElement) => Value,
  write: (input: HTMLInputElement, value: Value) => void,
  forwardedRef?: React.Ref<HTMLInputElement>,
) {
  const input = useRef<HTMLInputElement>(null);
  const mounted = useRef(false);
  useImperativeHandle(forwardedRef, () => input.current as HTMLInputElement);

  const adoptTypedValue = useEffectEvent(() => {
    const element = input.current;
    if (element && read(element) !== value) onChange(read(element));
    mounted.current = true;
  });
  // Only once, on mount: afterwards the state is the source.
  useEffect(() => {
    adoptTypedValue();
  }, []);

  useLayoutEffect(() => {
    const element = input.current;
    if (mounted.current && element && read(element) !== value) write(element, value);
  }, [value, read, write]);

  return input;
}

const readText = (input: HTMLInputElement) => input.value;
const writeText = (input: HTMLInputElement, value: string) => {
  input.value = value;
};
const readChecked = (input: HTMLInputElement) => input.checked;
const writeChecked = (input: HTMLInputElement, checked: boolean) => {
  input.checked = checked;
};

function FieldMessage({ id, error }: { id: string; error?: string | null }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {error ? (
        <>
          <AlertIcon className={styles.messageIcon} />
          {error}
        </>
      ) : null}
    </p>
  );
}

/** The label above, the input (with what sits on it), the message under it. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** What the text and password inputs share: mirrored value, autofill hints, and the message they point to. */
function useTextInputProps(props: FieldProps): React.ComponentProps<"input"> {
  const ref = useMirroredField(props.value, props.onChange, readText, writeText, props.inputRef);
  return {
    id: props.id,
    name: props.name,
    defaultValue: props.value,
    onChange: (event) => props.onChange(event.target.value),
    onBlur: props.onBlur,
    disabled: props.disabled,
    ref,
    autoComplete: props.autoComplete,
    autoCapitalize: "none",
    spellCheck: false,
    required: props.required,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": `${props.id}-error`,
  };
}

/**
 * The input of a text or password field. Without JavaScript the account
 * dialog is the page the visitor asked for, and autofocus is the only way
 * focus moves into it (the dialog pattern); with JavaScript the dialog moves
 * focus itself, to the element marked data-autofocus.
 */
function FieldInput({ initialFocus, ...props }: React.ComponentProps<"input"> & { initialFocus?: boolean }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-autofocus -- focus moving into a dialog as it opens is the dialog pattern, not a page stealing focus
    <input {...props} autoFocus={initialFocus} data-autofocus={initialFocus ? "" : undefined} />
  );
}

export function TextField({
  type = "text",
  inputMode,
  ...props
}: FieldProps & { type?: "text" | "email"; inputMode?: "email" | "text" }) {
  const inputProps = useTextInputProps(props);
  return (
    <Field id={props.id} label={props.label} error={props.error}>
      <FieldInput
        {...inputProps}
        initialFocus={props.initialFocus}
        type={type}
        inputMode={inputMode}
        className="field-input"
      />
    </Field>
  );
}

/** A password input with a show/hide toggle (a pressed/unpressed button, only where JavaScript runs). */
export function PasswordField(props: FieldProps) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const inputProps = useTextInputProps(props);
  return (
    <Field id={props.id} label={props.label} error={props.error}>
      <div className={styles.passwordRow}>
        <FieldInput
          {...inputProps}
          initialFocus={props.initialFocus}
          type={visible ? "text" : "password"}
          className={`field-input ${styles.passwordInput}`}
        />
        {hydrated ? (
          <button
            type="button"
            className={styles.revealButton}
            aria-pressed={visible}
            aria-controls={props.id}
            aria-label={t("password.show")}
            title={visible ? t("password.hide") : t("password.show")}
            onClick={() => setVisible((shown) => !shown)}
            disabled={props.disabled}
          >
            {visible ? <EyeOffIcon className={styles.revealIcon} /> : <EyeIcon className={styles.revealIcon} />}
          </button>
        ) : null}
      </div>
    </Field>
  );
}

export function CheckboxField({
  id,
  name,
  checked,
  onChange,
  error,
  disabled,
  required,
  children,
}: {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  children: React.ReactNode;
}) {
  const errorId = `${id}-error`;
  const ref = useMirroredField(checked, onChange, readChecked, writeChecked);
  return (
    <div className="checkbox-field">
      <div className="checkbox-row">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="checkbox"
          ref={ref}
          defaultChecked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
