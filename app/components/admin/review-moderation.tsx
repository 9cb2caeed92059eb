import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Stars } from "~/components/community/stars";
import { formatDate } from "~/lib/date-format";
import type { ModerationReview } from "~/services/reviews.server";
import styles from "./admin.module.css";

export const reviewDeletionParam = "supprimer";

/** 'Gestion des avis': every review, newest first, with its state; approve, or delete after confirmation. */
export function ReviewModeration({ reviews, language }: { reviews: ModerationReview[]; language: string }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const pendingId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;

  if (reviews.length === 0) return <p className={styles.empty}>{t("reviews.empty")}</p>;
  return (
    <ul className={styles.list} aria-label={t("reviews.listLabel")}>
      {reviews.map((review) => (
        <li key={review._id} className={`card ${styles.item}`}>
          <div className={styles.itemHeader}>
            <h3 className={styles.itemTitle}>{review.name}</h3>
            <span className={`${styles.state} ${review.isApproved ? styles.stateOk : styles.statePending}`}>
              {review.isApproved ? t("reviews.approved") : t("reviews.pending")}
            </span>
          </div>
          <div className={styles.meta}>
            <Stars rating={review.rating} label={t("reviews.rating", { count: review.rating })} size="small" />
            <time dateTime={review.createdAt}>
              {t("reviews.receivedOn", { date: formatDate(language, review.createdAt, { withTime: true }) })}
            </time>
          </div>
          <p className={styles.comment}>{review.comment}</p>
          <div className={styles.actions}>
            {review.isApproved ? null : (
              <Form method="post" action="/admin" preventScrollReset>
                <input type="hidden" name="intent" value="approve-review" />
                <input type="hidden" name="id" value={review._id} />
                <button
                  type="submit"
                  className="button button-primary"
                  disabled={pendingId === review._id}
                  aria-label={t("reviews.approveNamed", { name: review.name })}
                >
                  {t("reviews.approve")}
                </button>
              </Form>
            )}
            <Link
              to={`/admin?${reviewDeletionParam}=${review._id}`}
              preventScrollReset
              className={`button ${styles.deleteButton}`}
              aria-label={t("reviews.deleteNamed", { name: review.name })}
            >
              {t("reviews.delete")}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
