import { useTranslation } from "react-i18next";
import { withAccountView } from "~/components/account/account-url";
import styles from "./admin.module.css";

/**
 * 'Session expirée ou accès refusé': shown when an admin action comes back
 * 401 or 403. Logging in again opens in a new tab, so the page (and a form
 * being written) stays as it is.
 */
export function RefusedAction() {
  const { t } = useTranslation("admin");
  return (
    <div role="alert" className={`form-alert form-alert-error ${styles.refused}`}>
      <p>{t("newsletter.messages.sessionExpired")}</p>
      <p>
        <a href={withAccountView("/", "login")} target="_blank" rel="noopener" className="button button-primary">
          {t("sessionExpired.login")}
        </a>
      </p>
    </div>
  );
}
