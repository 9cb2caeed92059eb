// Numbers as people read them in the page's language: 22,9 in French, 22.9 in
// English; 2 556 (narrow no-break space) in French, 2,556 in English.

const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(language: string, value: number, decimals = 0): string {
  const key = `${language}|${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/** A value with up to `maxDecimals` decimals, without trailing zeros: 70 -> "70", 70.5 -> "70,5". */
export function formatMeasure(language: string, value: number, maxDecimals = 1): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: maxDecimals }).format(value);
}

/** A change, signed: "+1,2", "−3,6", "0". */
export function formatSignedMeasure(language: string, value: number, maxDecimals = 1): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: maxDecimals, signDisplay: "exceptZero" }).format(
    value,
  );
}
