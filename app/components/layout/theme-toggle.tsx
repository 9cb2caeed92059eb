import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { rememberPreference } from "~/lib/consent";
import { shownTheme, subscribeToShownTheme } from "~/lib/shown-theme";
import { type Theme, themeCookie, themeStorageKey } from "~/lib/theme";
import { MoonIcon, SunIcon } from "./icons";

/**
 * A form that posts the other theme to /preferences/theme, so it works with
 * JavaScript off; with JavaScript the switch happens in place.
 */
export function ThemeToggle({ serverTheme }: { serverTheme: Theme }) {
  const { t } = useTranslation();
  const location = useLocation();
  const theme = useSyncExternalStore(subscribeToShownTheme, shownTheme, () => serverTheme);

  const next: Theme = theme === "dark" ? "light" : "dark";

  function switchInPlace(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    document.documentElement.dataset.theme = next;
    document.cookie = themeCookie(next, window.location.protocol === "https:");
    // Local storage only with consent; the cookie is enough for the server.
    rememberPreference(themeStorageKey, String(next === "dark"));
  }

  const label = next === "dark" ? t("theme.toDark") : t("theme.toLight");
  return (
    <form method="post" action="/preferences/theme" onSubmit={switchInPlace} className="theme-toggle">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="icon-button" aria-label={label} title={label}>
        {theme === "dark" ? <SunIcon /> : <MoonIcon />}
      </button>
    </form>
  );
}
