import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "~/components/layout/icons";
import { NEWSLETTER_TIMINGS } from "~/domain/newsletter";
import type { AdminNotice as Notice } from "./admin-types";
import styles from "./admin.module.css";

/**
 * The outcome of an admin action ('Avis approuvé !', 'Erreur lors de la
 * suppression'...). With JavaScript it clears after 3 s, or at once with its
 * close button; without JavaScript it stays on the page that came back.
 */
export function AdminNotice({ notice }: { notice: Notice | null | undefined }) {
  const { t } = useTranslation("admin");
  const [cleared, setCleared] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setCleared(notice), NEWSLETTER_TIMINGS.adminMessageMs);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const shown = notice && notice !== cleared ? notice : null;
  const text = shown
    ? shown.scope === "reviews"
      ? t(`reviews.messages.${shown.messageKey}`)
      : t(`newsletter.messages.${shown.messageKey}`)
    : null;
  return (
    // Always in the page, so screen readers hear what appears in it.
    <output aria-live="polite" className={styles.noticeRegion}>
      {shown ? (
        <span className={`form-alert ${shown.ok ? "form-alert-success" : "form-alert-error"} ${styles.notice}`}>
          <span>{text}</span>
          <button
            type="button"
            className={styles.noticeClose}
            onClick={() => setCleared(shown)}
            aria-label={t("dismiss")}
            title={t("dismiss")}
          >
            <CloseIcon />
          </button>
        </span>
      ) : null}
    </output>
  );
}
