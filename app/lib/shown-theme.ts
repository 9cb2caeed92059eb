import type { Theme } from "./theme";

// The theme the page shows, in the browser: the one chosen (data-theme on
// <html>, set by the theme toggle), else the system's. For
// useSyncExternalStore: the toggle's icon and the dashboard's charts follow it.

const darkSchemeQuery = "(prefers-color-scheme: dark)";

export function shownTheme(): Theme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === "dark" || chosen === "light") return chosen;
  return window.matchMedia(darkSchemeQuery).matches ? "dark" : "light";
}

/** Calls onChange when the choice (data-theme) or the system's preference changes; returns the unsubscribe. */
export function subscribeToShownTheme(onChange: () => void): () => void {
  const choice = new MutationObserver(onChange);
  choice.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  const system = window.matchMedia(darkSchemeQuery);
  system.addEventListener("change", onChange);
  return () => {
    choice.disconnect();
    system.removeEventListener("change", onChange);
  };
}
