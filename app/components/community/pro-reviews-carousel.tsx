import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { StaticMarkup } from "~/lib/static-markup";
import { useHydrated } from "~/lib/use-hydrated";
import type { ProfessionalReview } from "~/services/pro-reviews.server";
import { Stars } from "./stars";
import styles from "./pro-reviews-carousel.module.css";

/** The list is repeated this many times (spec): the track slides by one copy and starts over unseen. */
const COPIES = 3;

/**
 * Professional reviews, scrolling on their own. Pure CSS, so it also moves
 * (and reads) without JavaScript; it pauses while the pointer is over it or
 * the focus is in it, and stays still, as a row to scroll by hand, for
 * people who ask for reduced motion. With JavaScript a button pauses it for good.
 * Only the first copy is exposed to assistive technologies and the keyboard.
 */
export function ProReviewsCarousel({ reviews }: { reviews: ProfessionalReview[] }) {
  const { t, i18n } = useTranslation("community");
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);
  const [offscreen, setOffscreen] = useState(false);
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOffscreen(!entry?.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (reviews.length === 0) return null;

  return (
    <section className={`section ${styles.section}`} aria-labelledby="pro-reviews-title">
      <div className={`section-inner ${styles.header}`}>
        <div>
          <h2 id="pro-reviews-title">{t("carousel.title")}</h2>
          <p className="section-intro">{t("carousel.intro")}</p>
        </div>
        {hydrated ? (
          <button
            type="button"
            className={`button button-secondary ${styles.toggle}`}
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
          >
            <PlayPauseIcon paused={paused} />
            {paused ? t("carousel.play") : t("carousel.pause")}
          </button>
        ) : null}
      </div>
      <section
        ref={viewport}
        className={`${styles.viewport} ${paused ? styles.paused : ""} ${offscreen ? styles.offscreen : ""}`}
        // Focusable, so keyboard users can pause it, and scroll it when it stands still (reduced motion).
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-labelledby="pro-reviews-title"
      >
        {/* The same for everyone in a language: the server renders it once (half the home page's elements). */}
        <StaticMarkup
          as="div"
          className={styles.track}
          cacheKey={`pro-reviews\n${i18n.language}\n${JSON.stringify(reviews)}`}
          render={() =>
            Array.from({ length: COPIES }, (_, copy) => (
              <ul
                key={copy}
                className={`${styles.copy} ${copy > 0 ? styles.clone : ""}`}
                aria-hidden={copy > 0 || undefined}
                inert={copy > 0}
              >
                {reviews.map((review) => (
                  <li key={review.id} className={styles.item}>
                    <figure className={`card ${styles.card}`}>
                      <Stars
                        rating={review.rating}
                        label={t("carousel.rating", { count: review.rating })}
                        size="small"
                      />
                      <blockquote className={styles.quote}>
                        <p>{review.comment}</p>
                      </blockquote>
                      <figcaption className={styles.author}>
                        <img src={review.photo} alt="" width="44" height="44" className={styles.photo} loading="lazy" />
                        <span>
                          <span className={styles.name}>{review.name}</span>
                          <span className={styles.profession}>{review.profession}</span>
                        </span>
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            ))
          }
        />
      </section>
    </section>
  );
}

function PlayPauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className={styles.toggleIcon}>
      {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
    </svg>
  );
}
