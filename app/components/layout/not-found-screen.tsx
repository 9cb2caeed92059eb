import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** 'Retour' goes back one page with JavaScript; without it, it is a link home. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  function goBack(event: React.MouseEvent<HTMLAnchorElement>) {
    if (window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  }
  return (
    <section className="status-screen" aria-labelledby="status-title">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 id="status-title">{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <div className="button-row">
        <a href="/" className="button button-primary" onClick={goBack}>
          {t("notFound.back")}
        </a>
        <Link to="/" className="button button-ghost">
          {t("notFound.home")}
        </Link>
      </div>
    </section>
  );
}
