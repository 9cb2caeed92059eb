import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/**
 * The generic error screen. Reload with JavaScript; without it, a link to the
 * same address. For a form that was too large (413), a plain link back to the
 * form's page: reloading could send the same body again.
 */
export function ErrorScreen({ details, tooLarge = false }: { details?: string; tooLarge?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  function reload(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    window.location.reload();
  }
  return (
    <section className="status-screen" role="alert" aria-labelledby="status-title">
      <h1 id="status-title">{t(tooLarge ? "error.tooLargeTitle" : "error.title")}</h1>
      <p>{t(tooLarge ? "error.tooLargeText" : "error.text")}</p>
      <div className="button-row">
        <a
          href={location.pathname + location.search}
          className="button button-primary"
          onClick={tooLarge ? undefined : reload}
        >
          {t(tooLarge ? "error.backToForm" : "error.reload")}
        </a>
        <a href="/" className="button button-ghost">
          {t("error.home")}
        </a>
      </div>
      {details ? <pre className="error-details">{details}</pre> : null}
    </section>
  );
}
