import type { KeyboardEvent } from "react";

/**
 * Keys the spec blocks in the calculators' number fields: an exponent (e, E),
 * a sign (+, -) or a space would only make the value unreadable. Digits, the
 * comma and the dot stay, as do navigation and editing keys.
 */
export const BLOCKED_NUMBER_KEYS: ReadonlySet<string> = new Set(["e", "E", "+", "-", " "]);

export function blockNonNumericKeys(event: KeyboardEvent<HTMLInputElement>): void {
  // With a modifier the key is a shortcut (Ctrl+- zooms out), not typing.
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (BLOCKED_NUMBER_KEYS.has(event.key)) event.preventDefault();
}
