import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and during hydration, true afterwards. Lets a
 * component render its no-JavaScript markup first (a link, a <details>) and
 * swap in the enhanced one (a button opening a dialog) once scripts run,
 * without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
