import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { withAccountView } from "~/components/account/account-url";
import type { HistorySaveOutcome } from "~/lib/calculator-results";
import styles from "./calculator.module.css";

/**
 * Under a result: a confirmation when the calculation was saved, or an
 * invitation to log in. The login link opens the account dialog on this very
 * page (?compte=login), with or without JavaScript. Past the hour's limit
 * of saves it says the result was not kept. A failed save shows nothing:
 * the spec ignores such failures.
 */
export function HistoryNotice({ outcome }: { outcome: HistorySaveOutcome | null }) {
  const { t } = useTranslation("tools");
  const location = useLocation();
  if (outcome === "saved") {
    return (
      <p className={`${styles.notice} ${styles.noticeSaved}`}>
        <CheckIcon />
        {t("history.saved")}
      </p>
    );
  }
  if (outcome === "signed-out") {
    return (
      <p className={styles.notice}>
        <span>{t("history.loginPrompt")}</span>{" "}
        {/* A client-side navigation with JavaScript: the result stays on screen behind the dialog. */}
        <Link
          to={withAccountView(location.pathname + location.search, "login")}
          className={styles.noticeLink}
          preventScrollReset
        >
          {t("history.loginLink")}
        </Link>
      </p>
    );
  }
  if (outcome === "limited") return <p className={styles.notice}>{t("history.limited")}</p>;
  return null;
}

function CheckIcon() {
  return (
    <svg className={styles.noticeIcon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
