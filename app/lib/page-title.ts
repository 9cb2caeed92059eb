/** The product's name, chosen once (the spec's local-storage keys say "dynami"). */
export const PRODUCT_NAME = "Dynami";

/** `{title} | Dynami`, or the bare product name when there is no title. */
export function pageTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}
