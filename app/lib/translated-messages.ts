import type { TFunction } from "~/i18n/translator";

/**
 * A set of French messages (the domain's source) in the page's language:
 * each key read from `namespace:prefix.key`, French when a key is missing.
 * Used by page actions and by the browser's validation, so both say the same.
 */
export function translatedMessages<Key extends string>(
  t: TFunction,
  namespace: string,
  prefix: string,
  source: Readonly<Record<Key, string>>,
): Record<Key, string> {
  const entries = (Object.keys(source) as Key[]).map(
    (key) => [key, t(`${prefix}.${key}`, { ns: namespace, defaultValue: source[key] })] as const,
  );
  return Object.fromEntries(entries) as Record<Key, string>;
}
