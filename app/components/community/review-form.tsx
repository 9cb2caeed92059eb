import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Form } from "react-router";
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type ReviewFieldErrors,
  type ReviewMessageKey,
  validateReview,
} from "~/domain/reviews";
import { translatedMessages } from "~/lib/translated-messages";
import { reviewFormPath } from "./community-paths";
import { StarShape } from "./stars";
import styles from "./review-form.module.css";

/** What the /avis/nouveau action (and its client wrapper) answers: keys of REVIEW_MESSAGES, translated here. */
export interface ReviewActionData {
  status: "invalid" | "sent" | "unauthorized" | "rate-limited" | "failed";
  errors?: ReviewFieldErrors;
  /** The form-level message (success or failure). */
  messageKey?: ReviewMessageKey;
  /** What was sent, to fill the form again without JavaScript. */
  values?: { rating: number; comment: string };
}

type FieldErrors = { rating?: string; comment?: string };

/**
 * The review form, the same in the dialog and on its own page: the name
 * read-only from the account, 1 to 5 stars (radio buttons: click, or arrow
 * keys once in the group), the comment with its counter. Without
 * JavaScript it posts to /avis/nouveau and the page comes back with the
 * outcome; with JavaScript the rules are checked before sending.
 */
export function ReviewForm({
  FormComponent,
  authorName,
  actionData,
  busy,
}: {
  /** react-router's Form, or a fetcher's Form (the dialog). */
  FormComponent: typeof Form;
  authorName: string;
  actionData: ReviewActionData | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation("community");
  const id = useId();
  const messages = useMemo(() => translatedMessages(t, "community", "reviews.errors", REVIEW_MESSAGES), [t]);
  // Uncontrolled fields: what is typed before the page is hydrated is kept.
  // The stars' fill follows the checked radio through CSS alone.
  const initialRating = actionData?.values?.rating ?? REVIEW_LIMITS.defaultRating;
  const initialComment = actionData?.values?.comment ?? "";
  const [length, setLength] = useState(initialComment.trim().length);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  const serverErrors: FieldErrors = {
    rating: actionData?.errors?.rating ? messages[actionData.errors.rating] : undefined,
    comment: actionData?.errors?.comment ? messages[actionData.errors.comment] : undefined,
  };
  const errors = clientErrors ?? serverErrors;
  const formError =
    !busy && actionData && actionData.status !== "invalid" && actionData.status !== "sent" && actionData.messageKey
      ? messages[actionData.messageKey]
      : null;

  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const checked = validateReview({ rating: form.get("rating"), comment: form.get("comment") });
    if (checked.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found: FieldErrors = {
      rating: checked.errors.rating ? messages[checked.errors.rating] : undefined,
      comment: checked.errors.comment ? messages[checked.errors.comment] : undefined,
    };
    setClientErrors(found);
    const firstInvalid = event.currentTarget.querySelector<HTMLElement>(
      found.rating ? "input[name=rating]:checked" : "textarea[name=comment]",
    );
    firstInvalid?.focus();
  }

  const ids = {
    name: `${id}-name`,
    nameHint: `${id}-name-hint`,
    ratingError: `${id}-rating-error`,
    comment: `${id}-comment`,
    commentHint: `${id}-comment-hint`,
    commentError: `${id}-comment-error`,
    counter: `${id}-counter`,
  };

  return (
    <FormComponent
      method="post"
      action={reviewFormPath}
      noValidate
      onSubmit={checkBeforeSending}
      className={styles.form}
      aria-busy={busy || undefined}
    >
      <div className="field">
        <label htmlFor={ids.name} className="field-label">
          {t("reviews.form.name")}
        </label>
        <input
          id={ids.name}
          className={`field-input ${styles.readOnly}`}
          value={authorName}
          readOnly
          aria-describedby={ids.nameHint}
        />
        <p id={ids.nameHint} className="field-hint">
          {t("reviews.form.nameHint")}
        </p>
      </div>

      <fieldset
        className={styles.rating}
        aria-describedby={errors.rating ? ids.ratingError : undefined}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend className="field-label">{t("reviews.form.rating")}</legend>
        <div className={styles.stars}>
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={styles.starChoice} data-value={value}>
              <input
                type="radio"
                name="rating"
                value={value}
                defaultChecked={initialRating === value}
                onChange={() =>
                  setClientErrors((previous) => (previous ? { ...previous, rating: undefined } : previous))
                }
                className={styles.starInput}
              />
              <StarShape filled={false} className={styles.starIcon} />
              <span className="visually-hidden">{t("reviews.form.star", { count: value })}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={ids.ratingError} className="field-error">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>

      <div className="field">
        <label htmlFor={ids.comment} className="field-label">
          {t("reviews.form.comment")}
        </label>
        <textarea
          id={ids.comment}
          name="comment"
          className="field-input"
          rows={5}
          defaultValue={initialComment}
          onChange={(event) => {
            setLength(event.target.value.trim().length);
            if (clientErrors?.comment) setClientErrors({ ...clientErrors, comment: undefined });
          }}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={[ids.commentHint, ids.counter, errors.comment ? ids.commentError : ""].join(" ").trim()}
        />
        <div className={styles.commentMeta}>
          <p id={ids.commentHint} className="field-hint">
            {t("reviews.form.commentHint", { min: REVIEW_LIMITS.commentMin, max: REVIEW_LIMITS.commentMax })}
          </p>
          <p id={ids.counter} className={`field-hint tabular ${length > REVIEW_LIMITS.commentMax ? styles.over : ""}`}>
            {t("reviews.form.counter", { count: length, max: REVIEW_LIMITS.commentMax })}
          </p>
        </div>
        {errors.comment ? (
          <p id={ids.commentError} className="field-error">
            {errors.comment}
          </p>
        ) : null}
      </div>

      {formError ? (
        <p role="alert" className="form-alert form-alert-error">
          {formError}
        </p>
      ) : null}

      <div className="button-row">
        <button type="submit" className="button button-accent" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {busy ? t("reviews.form.sending") : t("reviews.form.submit")}
        </button>
      </div>
      <output className="visually-hidden">{busy ? t("reviews.form.sending") : ""}</output>
    </FormComponent>
  );
}
