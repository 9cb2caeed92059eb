import { formatClock, REST_STEP_SECONDS } from "~/domain/workout/session-timer";
import type { RestState, SessionRunner } from "./use-session-runner";
import type { SessionT } from "./set-logger";
import styles from "./session.module.css";

/**
 * The rest between two sets: a countdown people see, that screen readers
 * hear at its start and its end (not every second), 15 s shorter or longer,
 * skippable. The news region stays in place so each change is announced.
 */
export function RestTimer({
  rest,
  news,
  onSkip,
  onChange,
  t,
}: {
  rest: RestState | null;
  news: SessionRunner["restNews"];
  onSkip: () => void;
  /** −15 s or +15 s. */
  onChange: (deltaSeconds: number) => void;
  t: SessionT;
}) {
  const message =
    news?.kind === "started"
      ? t("rest.started", { time: formatClock(news.seconds * 1000) })
      : news?.kind === "over"
        ? t("rest.over")
        : "";
  const over = rest !== null && rest.secondsLeft === 0;
  return (
    <>
      <output className="visually-hidden" aria-live="polite">
        {message}
      </output>
      {rest ? (
        <div className={styles.rest} data-over={over || undefined}>
          <p className={styles.restLabel}>{over ? t("rest.over") : t("rest.label")}</p>
          <p className={styles.restClock} role="timer" aria-label={t("rest.label")}>
            {formatClock(rest.secondsLeft * 1000)}
          </p>
          <progress
            className={styles.restBar}
            max={rest.countdown.totalSeconds}
            value={rest.secondsLeft}
            aria-hidden="true"
          />
          {over ? null : (
            <div className={styles.restButtons}>
              <button type="button" className="button button-secondary" onClick={() => onChange(-REST_STEP_SECONDS)}>
                {t("rest.shorter", { seconds: REST_STEP_SECONDS })}
                <span className="visually-hidden"> {t("rest.ofRest")}</span>
              </button>
              <button type="button" className="button button-secondary" onClick={() => onChange(REST_STEP_SECONDS)}>
                {t("rest.longer", { seconds: REST_STEP_SECONDS })}
                <span className="visually-hidden"> {t("rest.ofRest")}</span>
              </button>
              <button type="button" className="button button-ghost" onClick={onSkip}>
                {t("rest.skip")}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </>
  );
}
