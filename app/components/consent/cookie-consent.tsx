import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { languageStorageKey } from "~/i18n/languages";
import {
  type ConsentChoice,
  consentPanelParam,
  consentPanelValue,
  forgetPreferences,
  rememberPreference,
} from "~/lib/consent";
import { themeStorageKey } from "~/lib/theme";
import type { RootLoaderData } from "~/lib/root-loader-data";
import styles from "./cookie-consent.module.css";

export const cookiesPagePath = "/cookies";
const panelId = "panneau-cookies";

/** The current page without the panel parameter: where a choice returns to. */
function currentPathWithoutPanel(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(consentPanelParam);
  const search = params.toString();
  return location.pathname + (search ? `?${search}` : "");
}

function isPanelRequested(search: string): boolean {
  return new URLSearchParams(search).get(consentPanelParam) === consentPanelValue;
}

/** The visitor's choice, from the root loader (the cookie_consent cookie). */
export function useConsentChoice(): ConsentChoice | null {
  return useRouteLoaderData<RootLoaderData>("root")?.cookieConsent ?? null;
}

/**
 * Two buttons posting to /preferences/consent, which sets the cookie and
 * comes back here (303). The same with and without JavaScript. Both choices
 * look alike: refusing is as easy as accepting.
 */
function ConsentChoiceForm({ returnTo, children }: { returnTo: string; children?: React.ReactNode }) {
  const { t } = useTranslation("consent");
  return (
    <Form method="post" action="/preferences/consent" className={styles.actions} preventScrollReset>
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button type="submit" name="choice" value="necessary" className="button button-primary">
        {t("necessaryOnly")}
      </button>
      <button type="submit" name="choice" value="preferences" className="button button-primary">
        {t("acceptPreferences")}
      </button>
      {children}
    </Form>
  );
}

/**
 * Shown at the bottom of every page until a choice is made. Mounted once in
 * the root layout. Also applies the choice in the browser: "necessary"
 * wipes the optional local-storage keys, "preferences" writes the current
 * theme and language right away.
 */
export function ConsentBanner() {
  const { t } = useTranslation("consent");
  const choice = useConsentChoice();
  const location = useLocation();

  useEffect(() => {
    if (choice === "necessary") forgetPreferences();
    if (choice === "preferences") {
      rememberPreference(languageStorageKey, document.documentElement.lang);
      const theme = document.documentElement.dataset.theme;
      if (theme === "dark" || theme === "light") rememberPreference(themeStorageKey, String(theme === "dark"));
    }
  }, [choice]);

  // The full panel of the cookies page says the same, and more.
  const panelOpenHere = location.pathname === cookiesPagePath && isPanelRequested(location.search);
  const shown = !choice && !panelOpenHere;
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    // The page keeps the banner's strip out of reach of focus (the CSS reads this).
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty("--consent-banner-height", `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--consent-banner-height");
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <section ref={banner} className={styles.banner} aria-labelledby="consent-banner-title">
      <div className={styles.bannerInner}>
        <div className={styles.bannerText}>
          <h2 id="consent-banner-title">{t("bannerTitle")}</h2>
          <p>
            {t("bannerText")}{" "}
            <Link to={`${cookiesPagePath}?${consentPanelParam}=${consentPanelValue}#${panelId}`}>{t("customize")}</Link>
          </p>
        </div>
        <ConsentChoiceForm returnTo={currentPathWithoutPanel(location)} />
      </div>
    </section>
  );
}

/**
 * The consent panel of the cookies page. Closed, it is a button: a GET form
 * that adds ?consentement=ouvert (so it opens without JavaScript too).
 * Open, it explains both choices and offers them.
 */
export function ConsentPanel() {
  const { t } = useTranslation("consent");
  const location = useLocation();
  const open = isPanelRequested(location.search);
  const heading = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(open);

  // Opened by the button (not by loading the address): move focus into the panel.
  useEffect(() => {
    if (open && !wasOpen.current) heading.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) {
    return (
      <Form method="get" action={`${cookiesPagePath}#${panelId}`} preventScrollReset className={styles.opener}>
        <button type="submit" name={consentPanelParam} value={consentPanelValue} className="button button-accent">
          {t("manage")}
        </button>
      </Form>
    );
  }

  const closedPath = currentPathWithoutPanel(location);
  return (
    <section id={panelId} className={styles.panel} aria-labelledby="consent-panel-title">
      <h3 id="consent-panel-title" ref={heading} tabIndex={-1}>
        {t("panelTitle")}
      </h3>
      <p>{t("panelIntro")}</p>
      <div className={styles.categories}>
        <div className={styles.category}>
          <div className={styles.categoryHead}>
            <h4>{t("necessaryTitle")}</h4>
            <span className={styles.tag}>{t("alwaysOn")}</span>
          </div>
          <p>{t("necessaryText")}</p>
        </div>
        <div className={styles.category}>
          <div className={styles.categoryHead}>
            <h4>{t("preferencesTitle")}</h4>
            <span className={`${styles.tag} ${styles.tagOptional}`}>{t("optional")}</span>
          </div>
          <p>{t("preferencesText")}</p>
        </div>
      </div>
      <p className={styles.nothingElse}>{t("nothingElse")}</p>
      <ConsentChoiceForm returnTo={`${closedPath}#choice`}>
        <Link to={closedPath} preventScrollReset className="button button-ghost">
          {t("close")}
        </Link>
      </ConsentChoiceForm>
    </section>
  );
}
