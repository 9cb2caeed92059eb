import { useTranslation } from "react-i18next";
import styles from "./calculator.module.css";

/** Holds the result's place before the first calculation, so the layout does not jump. */
export function ResultPlaceholder() {
  const { t } = useTranslation("tools");
  return (
    <div className={styles.placeholder}>
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="44" height="44" rx="12" className={styles.placeholderBg} />
        <path d="M14 32h20M14 24h12M14 16h16" className={styles.placeholderLine} />
      </svg>
      <p>{t("form.resultPlaceholder")}</p>
    </div>
  );
}
