import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link } from "react-router";
import { ErrorScreen } from "~/components/layout/error-screen";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { isAdminDenied } from "~/domain/admin";

/** The 403 page a signed-in non-admin gets: 'Accès refusé. Privilèges admin requis.' */
export function AccessDenied() {
  const { t } = useTranslation("admin");
  return (
    <section className="status-screen" role="alert" aria-labelledby="status-title">
      <p className="status-code" aria-hidden="true">
        403
      </p>
      <h1 id="status-title">{t("denied.title")}</h1>
      <p>{t("denied.message")}</p>
      <div className="button-row">
        <Link to="/" className="button button-primary">
          {t("denied.home")}
        </Link>
      </div>
    </section>
  );
}

/** The error boundary of the admin pages: 403, 404 or the generic screen. */
export function AdminErrorBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403 && isAdminDenied(error.data)) return <AccessDenied />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <ErrorScreen />;
}
