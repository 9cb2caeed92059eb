// Picker selection rules, shared by the type, equipment and zone pickers.
// Single select: clicking the selected item clears it, another replaces it.
// Multi select: clicking toggles; the list is kept in canonical order,
// without duplicates or unknown ids.

/** Known ids only, each once, in the order of `canonical`. */
export function normalizeMulti<T extends string>(values: Iterable<string>, canonical: readonly T[]): T[] {
  const wanted = new Set<string>(values);
  return canonical.filter((id) => wanted.has(id));
}

/** The single-select rule: an unknown id leaves the choice as it was. */
export function toggleSingle<T extends string>(current: T | null, id: string, known: readonly T[]): T | null {
  if (!(known as readonly string[]).includes(id)) return current;
  return current === id ? null : (id as T);
}

/** The multi-select rule: an unknown id leaves the list as it was (normalised). */
export function toggleMulti<T extends string>(current: readonly string[], id: string, canonical: readonly T[]): T[] {
  if (!(canonical as readonly string[]).includes(id)) return normalizeMulti(current, canonical);
  const next = current.includes(id) ? current.filter((value) => value !== id) : [...current, id];
  return normalizeMulti(next, canonical);
}
