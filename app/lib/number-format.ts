// Numbers as people read them in the page's language: 22,9 in French, 22.9 in
// English; 2 556 (narrow no-break space) in French, 2,556 in English.

// Making an Intl.NumberFormat costs far more than formatting with one (a
// dashboard formats hundreds of figures): one per language and options, kept.
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(key: string, language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatNumber(language: string, value: number, decimals = 0): string {
  return numberFormat(`${language}|fixed|${decimals}`, language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** A value with up to `maxDecimals` decimals, without trailing zeros: 70 -> "70", 70.5 -> "70,5". */
export function formatMeasure(language: string, value: number, maxDecimals = 1): string {
  return numberFormat(`${language}|measure|${maxDecimals}`, language, { maximumFractionDigits: maxDecimals }).format(
    value,
  );
}

/** A change, signed: "+1,2", "−3,6", "0". */
export function formatSignedMeasure(language: string, value: number, maxDecimals = 1): string {
  return numberFormat(`${language}|signed|${maxDecimals}`, language, {
    maximumFractionDigits: maxDecimals,
    signDisplay: "exceptZero",
  }).format(value);
}
