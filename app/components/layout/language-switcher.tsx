import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { languageSearchParam, supportedLanguages } from "~/i18n/languages";

/** Plain links (?lng=xx on the current page): the server switches language and remembers it. */
export function LanguageSwitcher({ current }: { current: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav className="language-switcher" aria-label={t("a11y.languageChoice")}>
      <ul>
        {supportedLanguages.map((language) => {
          const params = new URLSearchParams(location.search);
          params.set(languageSearchParam, language);
          const isCurrent = language === current;
          return (
            <li key={language}>
              <a
                href={`${location.pathname}?${params.toString()}`}
                hrefLang={language}
                lang={language}
                aria-current={isCurrent ? "true" : undefined}
                className={isCurrent ? "is-current" : undefined}
              >
                <span aria-hidden="true">{language.toUpperCase()}</span>
                <span className="visually-hidden">{t(`languages.${language}`)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
