import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
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
  const loginParams = new URLSearchParams(location.search);
  loginParams.set("compte", "login");

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
          <Link
            to={`${location.pathname}?${loginParams.toString()}`}
            className="icon-button"
            aria-label={t("nav.login")}
            title={t("nav.login")}
            preventScrollReset
          >
            <UserIcon />
          </Link>
        </div>
      </div>
    </header>
  );
}
