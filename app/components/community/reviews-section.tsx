import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import { withAccountView } from "~/components/account/account-url";
import { formatDate } from "~/lib/date-format";
import { useHydrated } from "~/lib/use-hydrated";
import type { RootLoaderData } from "~/lib/root-loader-data";
import type { PublicReview } from "~/services/reviews.server";
import { reviewFormPath } from "./community-paths";
import { Stars } from "./stars";
import styles from "./reviews-section.module.css";

// The form's code (and the dialog's) loads only when the dialog opens.
const ReviewDialog = lazy(() => import("./review-dialog"));

/**
 * The approved reviews on the home page, newest first: stars, the author's
 * photo, the date in the page's language, the comment as plain text.
 * Signed-in visitors get 'Laisser un avis': a link to the form's own page,
 * which opens the review dialog instead once JavaScript runs.
 */
export function ReviewsSection({ reviews }: { reviews: readonly PublicReview[] }) {
  const { t, i18n } = useTranslation("community");
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const user = rootData?.user ?? null;
  const language = rootData?.language ?? i18n.language;
  const hydrated = useHydrated();
  const [dialogOpen, setDialogOpen] = useState(false);

  return (
    <section id="avis" className={`section ${styles.section}`} aria-labelledby="reviews-title">
      <div className="section-inner">
        <div className={styles.header}>
          <div>
            <h2 id="reviews-title">{t("reviews.title")}</h2>
            <p className="section-intro">{t("reviews.intro")}</p>
          </div>
          {user ? (
            <Link
              to={reviewFormPath}
              className="button button-accent"
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setDialogOpen(true);
              }}
            >
              {t("reviews.leaveReview")}
            </Link>
          ) : (
            <Link to={withAccountView("/", "login")} className="button button-secondary" preventScrollReset>
              {t("reviews.loginToReview")}
            </Link>
          )}
        </div>

        {reviews.length === 0 ? (
          <p className={styles.empty}>{t("reviews.empty")}</p>
        ) : (
          <ul className={styles.list}>
            {reviews.map((review) => (
              <li key={review._id} className={`card ${styles.review}`}>
                <div className={styles.author}>
                  <Avatar name={review.name} photo={review.photo} label={t("reviews.photoOf", { name: review.name })} />
                  <div>
                    <p className={styles.name}>{review.name}</p>
                    <p className={styles.date}>
                      <time dateTime={review.createdAt}>
                        {t("reviews.publishedOn", { date: formatDate(language, review.createdAt) })}
                      </time>
                    </p>
                  </div>
                </div>
                <Stars rating={review.rating} label={t("reviews.rating", { count: review.rating })} />
                {/* Plain text: React escapes it, and line breaks are kept by CSS. */}
                <p className={styles.comment}>{review.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      {user && dialogOpen ? (
        <Suspense fallback={null}>
          <ReviewDialog user={user} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}

function Avatar({ name, photo, label }: { name: string; photo: string | null; label: string }) {
  if (photo) {
    return <img src={photo} alt={label} width="48" height="48" className={styles.avatar} loading="lazy" />;
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  return (
    <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true">
      {initials}
    </span>
  );
}
