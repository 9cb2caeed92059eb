import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { withAccountView, withoutAccountView } from "~/components/account/account-url";
import { LogoutForm } from "~/components/account/logout-form";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { CloseIcon, MenuIcon } from "./icons";

interface NavEntry {
  key: "home" | "tools" | "exercises" | "about" | "contact";
  path: string;
  /** The section the entry scrolls to when it is already on that page. */
  section: string;
}

const entries: NavEntry[] = [
  { key: "home", path: "/", section: "contenu" },
  { key: "tools", path: "/outils", section: "outils" },
  { key: "exercises", path: "/exo", section: "exo" },
  { key: "about", path: "/", section: "a-propos" },
  { key: "contact", path: "/contact", section: "contact" },
];

/**
 * A <details> disclosure: it opens and closes without JavaScript. With
 * JavaScript it also closes on navigation, Escape and a click outside.
 */
export function BurgerMenu() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const signedIn = Boolean(useRouteLoaderData<RootLoaderData>("root")?.user);
  const menu = useRef<HTMLDetailsElement>(null);
  // The account entries open the dialog over the page the menu is on.
  const here = withoutAccountView(pathname + search);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  useEffect(() => {
    function closeOnOutsideClick(event: MouseEvent) {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === "Escape" && menu.current?.open) {
        menu.current.open = false;
        menu.current.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("click", closeOnOutsideClick);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("click", closeOnOutsideClick);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, []);

  function scrollToSection(event: React.MouseEvent<HTMLAnchorElement>, section: string) {
    const target = document.getElementById(section);
    if (!target) return;
    event.preventDefault();
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    history.replaceState(history.state, "", `#${section}`);
    if (menu.current) menu.current.open = false;
    // Focus follows the reader to the section (it would stay in the closed menu).
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }

  return (
    // Keyed by the address: each page gets a fresh, closed menu.
    <details className="burger-menu" ref={menu} key={pathname}>
      <summary className="icon-button" aria-label={t("a11y.openMenu")} title={t("a11y.openMenu")}>
        <MenuIcon className="icon icon-open" />
        <CloseIcon className="icon icon-close" />
      </summary>
      <nav className="burger-panel" aria-label={t("a11y.mainNavigation")}>
        <ul>
          {entries
            .filter((entry) => entry.key !== "home" || pathname !== "/")
            .map((entry) => {
              const samePage = pathname === entry.path;
              const target = entry.key === "about" ? `/#${entry.section}` : entry.path;
              return (
                <li key={entry.key}>
                  {samePage ? (
                    <a href={`#${entry.section}`} onClick={(event) => scrollToSection(event, entry.section)}>
                      {t(`nav.${entry.key}`)}
                    </a>
                  ) : (
                    <Link to={target}>{t(`nav.${entry.key}`)}</Link>
                  )}
                </li>
              );
            })}
        </ul>
        <ul className="burger-account" aria-label={t("nav.accountEntries")}>
          {signedIn ? (
            <>
              <li>
                <Link to="/mon-compte" onClick={closeMenu}>
                  {t("nav.myAccount")}
                </Link>
              </li>
              <li>
                <Link to={withAccountView(here, "history")} preventScrollReset onClick={closeMenu}>
                  {t("nav.history")}
                </Link>
              </li>
              <li>
                <LogoutForm redirectTo={here} className="burger-button">
                  {t("nav.logOut")}
                </LogoutForm>
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to={withAccountView(here, "login")} preventScrollReset onClick={closeMenu}>
                  {t("nav.logIn")}
                </Link>
              </li>
              <li>
                <Link to={withAccountView(here, "create")} preventScrollReset onClick={closeMenu}>
                  {t("nav.register")}
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </details>
  );
}
