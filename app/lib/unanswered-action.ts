/**
 * What a route's clientAction adds to its result when the server's action
 * gave no answer of its own (a proxy's error page, the network down): the
 * page shows its fallback message, and nothing changed on the server, so no
 * loader needs to run again. Reloading them anyway would fail the same way
 * and swap the page, message included, for the error screen.
 */
export const UNANSWERED = { unanswered: true } as const;

/** Whether an action's result is marked by UNANSWERED: then shouldRevalidate keeps the page as it is. */
export function isUnanswered(actionResult: unknown): boolean {
  return (
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as { unanswered?: unknown }).unanswered === true
  );
}
