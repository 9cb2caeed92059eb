// Theme preference: kept in a cookie so the server renders the right theme
// with no flash, and in local storage under the spec's 'darkMode' key.

export type Theme = "light" | "dark";
export const themeCookieName = "theme";
export const themeStorageKey = "darkMode";

export function parseTheme(value: unknown): Theme | null {
  return value === "dark" || value === "light" ? value : null;
}

export function themeCookie(theme: Theme, secure: boolean): string {
  return `${themeCookieName}=${theme}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Chromium's client hint tells the server the system theme when no choice was made yet. */
export function themeFromClientHint(header: string | null): Theme | null {
  return parseTheme(header?.trim().replace(/"/g, ""));
}
