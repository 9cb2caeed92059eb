import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { AccountUser } from "~/lib/account-types";
import { greetingName } from "~/domain/greeting-name";
import { Modal } from "~/components/ui/modal";
import { REVIEW_TIMINGS } from "~/domain/reviews";
import { type ReviewActionData, ReviewForm } from "./review-form";
import styles from "./reviews-section.module.css";

// Loaded on demand (React.lazy) when a signed-in visitor opens it: the home
// page does not carry the form's code otherwise.

/**
 * The review dialog: the form of /avis/nouveau sent with a fetcher. On
 * success it shows the moderation notice and closes 3 s later.
 */
export default function ReviewDialog({ user, onClose }: { user: AccountUser; onClose: () => void }) {
  const { t } = useTranslation("community");
  // No key: each opening starts afresh.
  const fetcher = useFetcher<ReviewActionData>();
  // The outcome shows as soon as the action answers, while the page's data reloads behind it.
  const busy = fetcher.state === "submitting";
  const sent = !busy && fetcher.data?.status === "sent";
  const titleId = "review-dialog-title";
  const closeLater = useEffectEvent(() => onClose());

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(closeLater, REVIEW_TIMINGS.closeAfterMs);
    return () => window.clearTimeout(timer);
  }, [sent]);

  return (
    <Modal open onClose={onClose} labelledBy={titleId} closeLabel={t("reviews.form.close")}>
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t("reviews.form.title")}
        </h2>
        {sent ? (
          <output className="form-alert form-alert-success">{t("reviews.errors.success")}</output>
        ) : (
          <>
            <p className={styles.dialogIntro}>{t("reviews.form.intro")}</p>
            <ReviewForm
              FormComponent={fetcher.Form}
              authorName={greetingName(user)}
              actionData={fetcher.data}
              busy={busy}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
