// Dates as people read them in the page's language ("12 mars 2026" in French,
// "March 12, 2026" in English). Always in the product's time zone, so the
// server's HTML and the browser's hydration agree wherever either runs.

export const DISPLAY_TIME_ZONE = "Europe/Paris";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: DISPLAY_TIME_ZONE,
    });
    formatters.set(key, found);
  }
  return found;
}

/** A day ("12 mars 2026"); with `withTime`, also the hour ("12 mars 2026 à 09:30"). */
export function formatDate(language: string, value: string | Date, options: { withTime?: boolean } = {}): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : formatter(language, options.withTime ?? false).format(date);
}

/** The machine-readable value of a <time> element. */
export function isoDate(value: string | Date): string {
  return (typeof value === "string" ? new Date(value) : value).toISOString();
}

const shortFormatters = new Map<string, Intl.DateTimeFormat>();

/** A day in few words, for a chart's axis ("12 mars"), or with its weekday ("lundi 2 mars"). */
export function formatShortDate(language: string, value: string | Date, options: { weekday?: boolean } = {}): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const key = `${language}|${options.weekday ?? false}`;
  let found = shortFormatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, {
      day: "numeric",
      month: options.weekday ? "long" : "short",
      ...(options.weekday ? { weekday: "long" } : {}),
      timeZone: DISPLAY_TIME_ZONE,
    });
    shortFormatters.set(key, found);
  }
  return found.format(date);
}

const dayMonthFormatters = new Map<string, Intl.DateTimeFormat>();

/** A day as digits, without its year ("21/11" in French, "11/21" in English): the last-time line's date. */
export function formatDayMonth(language: string, value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  let found = dayMonthFormatters.get(language);
  if (!found) {
    found = new Intl.DateTimeFormat(language, { day: "2-digit", month: "2-digit", timeZone: DISPLAY_TIME_ZONE });
    dayMonthFormatters.set(language, found);
  }
  return found.format(date);
}
