import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import {
  looksLikeNewsletterEmail,
  NEWSLETTER_EMAIL_MAX_LENGTH,
  NEWSLETTER_TIMINGS,
  type NewsletterSignupMessageKey,
} from "~/domain/newsletter-signup";
import styles from "./newsletter-section.module.css";

export const newsletterFormPath = "/newsletter";

/** What the /newsletter action (and its client wrapper) answers: a key of NEWSLETTER_SIGNUP_MESSAGES. */
export interface NewsletterActionData {
  status: "subscribed" | "invalid" | "rate-limited" | "failed";
  messageKey: NewsletterSignupMessageKey;
  /** What was typed, handed back (without JavaScript) when it was refused. */
  email?: string;
}

const features = ["workouts", "nutrition", "unsubscribe"] as const;

/**
 * The site's newsletter block: badge, title, description, three features,
 * the e-mail field and the button. Without JavaScript the form posts to
 * /newsletter, whose page shows this block again with the outcome. With
 * JavaScript it is sent in place: idle, loading, success (back to idle
 * after 5 s) or error; an address without '@' is refused before sending.
 */
export function NewsletterSection({ actionData }: { actionData?: NewsletterActionData }) {
  const { t } = useTranslation("community");
  const id = useId();
  const fetcher = useFetcher<NewsletterActionData>({ key: "newsletter-signup" });
  const emailInput = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<NewsletterSignupMessageKey | null>(null);
  // The answer shown: the fetcher's once it has one, else the page's (no JavaScript).
  const answer = fetcher.data ?? actionData;
  const [expired, setExpired] = useState<NewsletterActionData | null>(null);
  // The outcome shows as soon as the action answers, while the page's data reloads behind it.
  const loading = fetcher.state === "submitting";

  useEffect(() => {
    if (fetcher.data?.status !== "subscribed") return;
    const done = fetcher.data;
    if (emailInput.current) emailInput.current.value = "";
    const timer = window.setTimeout(() => setExpired(done), NEWSLETTER_TIMINGS.signupResetMs);
    return () => window.clearTimeout(timer);
  }, [fetcher.data]);

  const state: "idle" | "loading" | "success" | "error" = loading
    ? "loading"
    : clientError
      ? "error"
      : answer && answer !== expired
        ? answer.status === "subscribed"
          ? "success"
          : "error"
        : "idle";
  const messageKey = clientError ?? answer?.messageKey;

  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    if (looksLikeNewsletterEmail(emailInput.current?.value ?? "")) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError("emailInvalid");
  }

  const emailId = `${id}-email`;
  const messageId = `${id}-message`;
  return (
    <section id="newsletter" className={`section ${styles.section}`} aria-labelledby="newsletter-title">
      <div className={`section-inner ${styles.inner}`}>
        <div className={styles.text}>
          <span className={styles.badge}>{t("newsletter.badge")}</span>
          <h2 id="newsletter-title">{t("newsletter.title")}</h2>
          <p className={styles.description}>{t("newsletter.description")}</p>
          <ul className={styles.features}>
            {features.map((feature) => (
              <li key={feature}>
                <CheckIcon />
                {t(`newsletter.features.${feature}`)}
              </li>
            ))}
          </ul>
        </div>
        <fetcher.Form
          method="post"
          action={newsletterFormPath}
          noValidate
          onSubmit={checkBeforeSending}
          className={`card ${styles.form}`}
          aria-busy={loading || undefined}
        >
          <div className="field">
            <label htmlFor={emailId} className="field-label">
              {t("newsletter.emailLabel")}
            </label>
            <input
              id={emailId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              spellCheck={false}
              maxLength={NEWSLETTER_EMAIL_MAX_LENGTH}
              placeholder={t("newsletter.emailPlaceholder")}
              className="field-input"
              ref={emailInput}
              defaultValue={actionData?.status === "subscribed" ? "" : (actionData?.email ?? "")}
              onChange={() => setClientError(null)}
              aria-invalid={state === "error" && messageKey === "emailInvalid" ? true : undefined}
              aria-describedby={messageId}
            />
          </div>
          <button type="submit" className="button button-accent" disabled={loading}>
            {loading ? <span className="spinner" aria-hidden="true" /> : null}
            {loading ? t("newsletter.loading") : t("newsletter.submit")}
          </button>
          <output id={messageId} aria-live="polite" className={styles.message}>
            {state === "success" && messageKey ? (
              <span className="form-alert form-alert-success">{t(`newsletter.messages.${messageKey}`)}</span>
            ) : null}
            {state === "error" && messageKey ? (
              <span className="form-alert form-alert-error">{t(`newsletter.messages.${messageKey}`)}</span>
            ) : null}
          </output>
          <p className={styles.note}>
            {t("newsletter.note")}{" "}
            <Link to="/privacy-policy" target="_blank" rel="noopener">
              {t("newsletter.privacy")}
            </Link>
          </p>
        </fetcher.Form>
      </div>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.check}>
      <circle cx="12" cy="12" r="11" />
      <path d="M7 12.5l3.2 3.2L17 9" />
    </svg>
  );
}
