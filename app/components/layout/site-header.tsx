import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { preloadAccountDialog } from "~/components/account/account-dialog-from-address";
import { withAccountView, withoutAccountView } from "~/components/account/account-url";
import { LogoutForm } from "~/components/account/logout-form";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { BurgerMenu } from "./burger-menu";
import { HistoryIcon, LogoutIcon, UserIcon } from "./icons";
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
              <AccountIconLink to={withAccountView(here, "history")} label={t("nav.history")}>
                <HistoryIcon />
              </AccountIconLink>
              <LogoutForm redirectTo={here} className="icon-button" label={t("nav.logout")}>
                <LogoutIcon />
              </LogoutForm>
            </>
          ) : (
            <AccountIconLink to={withAccountView(here, "login")} label={t("nav.login")}>
              <UserIcon />
            </AccountIconLink>
          )}
        </div>
      </div>
    </header>
  );
}

/** An icon that opens a view of the account dialog over the current page, named by its label. */
function AccountIconLink({ to, label, children }: { to: string; label: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="icon-button"
      aria-label={label}
      title={label}
      preventScrollReset
      // Where focus goes back when the dialog closes after its opener is gone (logging in swaps the icons).
      data-account-control=""
      onPointerEnter={preloadAccountDialog}
      onFocus={preloadAccountDialog}
    >
      {children}
    </Link>
  );
}
