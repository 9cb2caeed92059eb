// Parsing of numbers typed by people, French-first: "70,5" and "70.5" are the
// same weight. Kept stricter than Number(): Number("") is 0, Number("1e2") is
// 100 and Number(" 0x10 ") is 16, none of which a user means in a body-metrics
// field. The form fields block the keys e, E, +, - and space, so a sign, an
// exponent or an inner space can only come from a crafted request and is
// refused rather than guessed at.

/**
 * Digits with at most one decimal separator (comma or dot). A bare leading or
 * trailing separator is accepted (",5" is 0.5, "70," is 70) because that is
 * what a half-typed French decimal looks like and its meaning is unambiguous.
 */
const UNSIGNED_DECIMAL = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * Reads a user-typed decimal number. Surrounding whitespace is ignored.
 * Returns null for anything that is not a plain unsigned decimal: empty text,
 * exponent notation, several separators, thousands separators, signs, NaN,
 * Infinity.
 */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (!UNSIGNED_DECIMAL.test(trimmed)) return null;
  const value = Number(trimmed.replace(",", "."));
  // Very long digit strings overflow to Infinity; they are not a usable number.
  return Number.isFinite(value) ? value : null;
}

/**
 * Reads a number from a form field or a JSON body: strings go through
 * parseDecimal, finite numbers pass as they are, anything else (missing field,
 * null, boolean, NaN, Infinity, object) is null.
 */
export function readNumberInput(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return parseDecimal(value);
  return null;
}

/**
 * Rounds half away from zero to the given number of decimals, the way a person
 * reads a decimal: 24.95 becomes 25 at one decimal. Plain Math.round(24.95 * 10)
 * gives 249 because 24.95 * 10 is 249.49999999999997 in binary floating point;
 * going through toPrecision(12) first drops that representation noise, which
 * is far below any meaningful digit of a body metric or a calorie count.
 */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  // Math.sign keeps -0 for small negatives; nobody wants to read "-0".
  return rounded === 0 ? 0 : rounded;
}
