import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { pageTitle } from "~/lib/page-title";
import { revalidateUnlessUnanswered } from "~/lib/unanswered-action";
import { AboutSection } from "~/components/about/about-section";
import { NewsletterSection } from "~/components/community/newsletter-section";
import { ProReviewsCarousel } from "~/components/community/pro-reviews-carousel";
import { ReviewsSection } from "~/components/community/reviews-section";
import { getServices } from "~/context.server";
import { getInstance, getLocale } from "~/middleware/i18next.server";
import { aboutContent } from "~/services/about.server";
import { professionalReviews } from "~/services/pro-reviews.server";
import { listApprovedReviews } from "~/services/reviews.server";

export const handle = { i18n: ["common", "community"] };

export async function loader({ context }: Route.LoaderArgs) {
  const language = getLocale(context);
  return {
    title: getInstance(context).t("home.title"),
    about: aboutContent(language),
    // The home page stays up without its reviews if the store stumbles.
    reviews: await listApprovedReviews(getServices(context)).catch((error: unknown) => {
      console.error("Reviews not loaded for the home page:", error);
      return [];
    }),
    professionalReviews: professionalReviews(language),
  };
}

/** The review dialog and the newsletter box post from here: after a post that never reached the server, nothing reloads. */
export const shouldRevalidate = revalidateUnlessUnanswered;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow">{t("home.eyebrow")}</p>
          <h1>{t("home.heading")}</h1>
          <p className="lead">{t("home.intro")}</p>
          <div className="button-row">
            <Link to="/outils" className="button button-accent">
              {t("home.ctaTools")}
            </Link>
            <Link to="/exo" className="button button-secondary">
              {t("home.ctaWorkout")}
            </Link>
          </div>
        </div>
      </section>

      <section id="outils" className="section" aria-labelledby="tools-title">
        <div className="section-inner">
          <h2 id="tools-title">{t("home.toolsTitle")}</h2>
          <p className="section-intro">{t("home.toolsIntro")}</p>
          <ul className="card-grid">
            <li className="card tool-card">
              <ToolIllustration kind="imc" />
              <h3>{t("home.imcTitle")}</h3>
              <p>{t("home.imcText")}</p>
              <Link to="/outils?onglet=imc#outils" className="button button-primary">
                {t("home.open")}
                <span className="visually-hidden">
                  {t("a11y.labelSeparator")}
                  {t("home.imcTitle")}
                </span>
              </Link>
            </li>
            <li className="card tool-card">
              <ToolIllustration kind="calories" />
              <h3>{t("home.caloriesTitle")}</h3>
              <p>{t("home.caloriesText")}</p>
              <Link to="/outils?onglet=calories#outils" className="button button-primary">
                {t("home.open")}
                <span className="visually-hidden">
                  {t("a11y.labelSeparator")}
                  {t("home.caloriesTitle")}
                </span>
              </Link>
            </li>
            <li className="card tool-card is-coming-soon">
              <span className="badge">{t("home.comingSoon")}</span>
              <ToolIllustration kind="one-rep-max" />
              <h3>{t("home.oneRepMaxTitle")}</h3>
              <p>{t("home.oneRepMaxText")}</p>
            </li>
            <li className="card tool-card is-coming-soon">
              <span className="badge">{t("home.comingSoon")}</span>
              <ToolIllustration kind="heart-rate" />
              <h3>{t("home.heartRateTitle")}</h3>
              <p>{t("home.heartRateText")}</p>
            </li>
          </ul>
        </div>
      </section>

      <ReviewsSection reviews={loaderData.reviews} />
      <ProReviewsCarousel reviews={loaderData.professionalReviews} />
      <AboutSection about={loaderData.about} />
      <NewsletterSection />
    </>
  );
}

function ToolIllustration({ kind }: { kind: "imc" | "calories" | "one-rep-max" | "heart-rate" }) {
  return (
    <svg className="tool-illustration" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="12" className="tool-illustration-bg" />
      {kind === "imc" ? (
        <>
          <path d="M12 32a12 12 0 0 1 24 0" className="tool-illustration-line" />
          <path d="M24 32l6-8" className="tool-illustration-accent" />
        </>
      ) : null}
      {kind === "calories" ? (
        <path
          d="M24 12c5 6 9 10 9 16a9 9 0 0 1-18 0c0-4 2-6 4-8 0 3 1 5 3 5 0-5 0-9 2-13z"
          className="tool-illustration-line"
        />
      ) : null}
      {kind === "one-rep-max" ? (
        <>
          <path d="M10 24h28" className="tool-illustration-line" />
          <path d="M14 17v14M34 17v14M10 20v8M38 20v8" className="tool-illustration-accent" />
        </>
      ) : null}
      {kind === "heart-rate" ? <path d="M8 25h8l3-7 5 14 4-10 2 3h10" className="tool-illustration-line" /> : null}
    </svg>
  );
}
