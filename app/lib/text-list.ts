/**
 * A translation read with `returnObjects: true` that should be a list of
 * strings (paragraphs, bullet points). Anything else (a missing key comes
 * back as the key itself) becomes a one-item list or nothing, never a crash.
 */
export function textList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" && value !== "" ? [value] : [];
}
