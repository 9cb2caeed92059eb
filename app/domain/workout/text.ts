// Text matching of the exercise search: accent-insensitive and lower-cased,
// search terms shorter than 2 characters ignored (the spec's rules).

/** Shortest search term that counts; shorter ones match too much to mean anything. */
export const MIN_TERM_LENGTH = 2;

/** "Développé Couché" -> "developpe couche": what every comparison works on. */
export function normalizeText(text: string): string {
  if (text === "") return "";
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/[^\p{Letter}\p{Number}]+/gu, " ")
    .trim();
}

/** The distinct normalised words of a query that are long enough to count, in their order. */
export function searchTerms(query: string): string[] {
  const terms = normalizeText(query)
    .split(" ")
    .filter((term) => term.length >= MIN_TERM_LENGTH);
  return [...new Set(terms)];
}
