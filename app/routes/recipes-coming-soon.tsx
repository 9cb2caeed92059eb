import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/recipes-coming-soon";
import styles from "~/components/recipes/recipes-coming-soon.module.css";
import { pageTitle } from "~/lib/page-title";
import { getInstance } from "~/middleware/i18next.server";

// /not-found: where 'see adapted recipes' leads while the recipes are being
// written. A real page (200), not the 404 screen: nothing is broken.
export const handle = { i18n: ["recipes"] };

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return { title: t("title", { ns: "recipes" }), description: t("text", { ns: "recipes" }) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.title) }];
}

export default function RecipesComingSoon() {
  const { t } = useTranslation("recipes");
  return (
    <section className={`status-screen ${styles.screen}`} aria-labelledby="status-title">
      <RecipeIllustration />
      <p className={`eyebrow ${styles.eyebrow}`}>{t("eyebrow")}</p>
      <h1 id="status-title">{t("heading")}</h1>
      <p>{t("text")}</p>
      <p>{t("meanwhile")}</p>
      <div className="button-row">
        <Link to="/outils" className="button button-primary">
          {t("backToTools")}
        </Link>
        <Link to="/" className="button button-ghost">
          {t("home")}
        </Link>
      </div>
    </section>
  );
}

/** A bowl with steam, drawn in the tool cards' style. */
function RecipeIllustration() {
  return (
    <svg className="tool-illustration" viewBox="0 0 48 48" width="96" height="96" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="44" height="44" rx="12" className="tool-illustration-bg" />
      <path d="M10 24h28a14 14 0 0 1-28 0z" className="tool-illustration-line" />
      <path d="M18 18c-2-2 2-4 0-6M24 18c-2-2 2-4 0-6M30 18c-2-2 2-4 0-6" className="tool-illustration-accent" />
    </svg>
  );
}
