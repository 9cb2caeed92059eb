import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "~/components/layout/icons";
import toastStyles from "~/components/ui/toast.module.css";
import styles from "./update-prompt.module.css";

/** 'Nouvelle version disponible', and 'Recharger' to take it. Dismissed, it comes back on the next visit. */
export default function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <output className={toastStyles.region} aria-live="polite">
      <div className={`${toastStyles.toast} ${toastStyles.info} ${styles.prompt}`}>
        <span className={toastStyles.text}>{t("update.available")}</span>
        <button type="button" className="button button-primary" onClick={onReload}>
          {t("update.reload")}
        </button>
        <button
          type="button"
          className={toastStyles.dismiss}
          onClick={() => setDismissed(true)}
          aria-label={t("account:toast.dismiss")}
          title={t("account:toast.dismiss")}
        >
          <CloseIcon className={toastStyles.dismissIcon} />
        </button>
      </div>
    </output>
  );
}
