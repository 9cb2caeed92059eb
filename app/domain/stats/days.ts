// Calendar days for the dashboard's statistics: the streak, the 7-day window
// and the week chart count days, not 24-hour spans. A day is a "YYYY-MM-DD"
// key in the product's time zone, so a session at 23:30 in Paris belongs to
// that evening and not to the next UTC day. Keys compare and sort as text.

/** The zone every day key is read in (a French-first product; see README, Dashboard). */
export const STATS_TIME_ZONE = "Europe/Paris";

export type DayKey = string;

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  // Stryker disable next-line ConditionalExpression: the cache only saves work, a new formatter writes the same day
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    // Stryker disable next-line CallExpression: the cache only saves work, a new formatter writes the same day
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The day an instant falls on in the zone. */
export function dayKeyOf(instant: Date, timeZone: string = STATS_TIME_ZONE): DayKey {
  return dayFormatter(timeZone).format(instant);
}

export function isDayKey(value: unknown): value is DayKey {
  if (typeof value !== "string") return false;
  const match = DAY_KEY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01 (the arithmetic below works on these; the streak compares them by the thousand). */
export function dayNumber(key: DayKey): number {
  if (key.length !== 10 || key[4] !== "-" || key[7] !== "-") throw new RangeError(`Not a day key: ${key}`);
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  const day = Number(key.slice(8, 10));
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) {
    throw new RangeError(`Not a day key: ${key}`);
  }
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromDayNumber(day: number): DayKey {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(key: DayKey, days: number): DayKey {
  return fromDayNumber(dayNumber(key) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DayKey, to: DayKey): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 for Monday ... 6 for Sunday: the week chart starts on Monday (Lun). */
export function mondayBasedWeekday(key: DayKey): number {
  const sundayBased = new Date(dayNumber(key) * DAY_MS).getUTCDay();
  return (sundayBased + 6) % 7;
}

/** Monday to Sunday of the week that holds `key`. */
export function weekOf(key: DayKey): DayKey[] {
  const monday = addDays(key, -mondayBasedWeekday(key));
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The `length` days that end with `last`, oldest first (the 7-day window: today and the six before). */
export function daysEndingOn(last: DayKey, length: number): DayKey[] {
  return Array.from({ length }, (_, index) => addDays(last, index - length + 1));
}
