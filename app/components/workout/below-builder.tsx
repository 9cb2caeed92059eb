import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { withAccountView } from "~/components/account/account-url";
import { nextTipIndex, tipRotationDelay } from "~/domain/workout/tips";
import { LightbulbIcon } from "./workout-icons";
import styles from "./workout.module.css";
import { useWorkoutT } from "./workout-texts";

/**
 * Under the builder for a signed-in user: a greeting and the way to the
 * dashboard (the account dialog's history view). `lastSession` is the slot
 * the session issue fills with the user's last session; nothing is shown
 * until there is one.
 */
export function UserPanel({ name, lastSession = null }: { name: string; lastSession?: React.ReactNode }) {
  const t = useWorkoutT();
  const location = useLocation();
  return (
    <section className={styles.belowCard} aria-labelledby="user-panel-title">
      <span className={styles.avatar} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
      <div className={styles.belowText}>
        <h2 id="user-panel-title" className={styles.belowTitle}>
          {t("userPanel.title")}
        </h2>
        <p>{t("userPanel.greeting", { name })}</p>
        {lastSession}
        <p className={styles.muted}>{t("userPanel.text")}</p>
        <Link
          to={withAccountView(location.pathname + location.search, "history")}
          className="button button-secondary"
          preventScrollReset
        >
          {t("userPanel.history")}
        </Link>
      </div>
    </section>
  );
}

/** For visitors: one of ten tips, from a random one, a new one every 5 minutes (never faster than 30 s). */
export function TipCard({ start, count }: { start: number; count: number }) {
  const t = useWorkoutT();
  const location = useLocation();
  const [index, setIndex] = useState(start % count);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((current) => nextTipIndex(current, count)), tipRotationDelay());
    return () => window.clearInterval(timer);
  }, [count]);
  return (
    <section className={styles.belowCard} aria-labelledby="tip-title">
      <span className={styles.tipIcon} aria-hidden="true">
        <LightbulbIcon />
      </span>
      <div className={styles.belowText}>
        <h2 id="tip-title" className={styles.belowTitle}>
          {t("tips.title")}
        </h2>
        <p key={index} className={styles.tip} data-tip={index}>
          {t(`tips.items.${index}`)}
        </p>
        <p className={styles.muted}>
          {t("tips.loginPrompt")}{" "}
          <Link to={withAccountView(location.pathname + location.search, "login")} preventScrollReset>
            {t("tips.login")}
          </Link>
        </p>
      </div>
    </section>
  );
}
