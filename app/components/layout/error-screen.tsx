import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** The generic error screen. Reload with JavaScript; without it, a link to the same address. */
export function ErrorScreen({ details }: { details?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  function reload(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    window.location.reload();
  }
  return (
    <section className="status-screen" role="alert" aria-labelledby="status-title">
      <h1 id="status-title">{t("error.title")}</h1>
      <p>{t("error.text")}</p>
      <div className="button-row">
        <a href={location.pathname + location.search} className="button button-primary" onClick={reload}>
          {t("error.reload")}
        </a>
        <a href="/" className="button button-ghost">
          {t("error.home")}
        </a>
      </div>
      {details ? <pre className="error-details">{details}</pre> : null}
    </section>
  );
}
