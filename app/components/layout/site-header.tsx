import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { HistoryIcon, LogoutIcon } from "~/components/account/account-icons";
import { withAccountView, withoutAccountView } from "~/components/account/account-url";
import { LogoutForm } from "~/components/account/logout-form";
import type { RootLoaderData } from "~/root";
import { BurgerMenu } from "./burger-menu";
import { UserIcon } from "./icons";
import { LanguageSwitcher } from "./language-switcher";
import { PebblesLogo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

export function SiteHeader() {
  const { t, i18n } = useTranslation();
  const rootData = useRouteLoaderData<RootLoaderData>("root");
  const location = useLocation();
  const language = rootData?.language ?? i18n.language;
  const serverTheme = rootData?.theme ?? rootData?.systemTheme ?? "light";
  const here = withoutAccountView(location.pathname + location.search);

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <BurgerMenu />
        <Link to="/" className="brand" aria-label={t("a11y.logoHome")}>
          <PebblesLogo />
          <span className="brand-name">Dynami</span>
        </Link>
        <div className="header-actions">
          <LanguageSwitcher current={language} />
          <ThemeToggle serverTheme={serverTheme} />
          {rootData?.user ? (
            <>
              <Link
                to={withAccountView(here, "history")}
                className="icon-button"
                aria-label={t("nav.history")}
                title={t("nav.history")}
                preventScrollReset
              >
                <HistoryIcon />
              </Link>
              <LogoutForm redirectTo={here} className="icon-button" label={t("nav.logout")}>
                <LogoutIcon />
              </LogoutForm>
            </>
          ) : (
            <Link
              to={withAccountView(here, "login")}
              className="icon-button"
              aria-label={t("nav.login")}
              title={t("nav.login")}
              preventScrollReset
            >
              <UserIcon />
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
