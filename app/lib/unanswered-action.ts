import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * What a route's clientAction adds to its result when the server's action
 * gave no answer of its own (a proxy's error page, the network down): the
 * page shows its fallback message, and nothing changed on the server, so no
 * loader needs to run again. Reloading them anyway would fail the same way
 * and swap the page, message and typed values included, for the error screen.
 */
export const UNANSWERED = { unanswered: true } as const;

/** A clientAction's fallback result, marked as unanswered (see UNANSWERED). */
export function unanswered<T extends object>(fallback: T): T {
  return { ...fallback, ...UNANSWERED };
}

/**
 * A route's clientAction: the server's own answer, or, when the request got
 * none (it threw: the network down, a proxy's error page), the fallback for
 * that failure, marked unanswered.
 */
export async function answeredOr<T extends object>(
  serverAction: () => Promise<T>,
  fallbackFor: (error: unknown) => T,
): Promise<T> {
  try {
    return await serverAction();
  } catch (error) {
    return unanswered(fallbackFor(error));
  }
}

/** Whether an action's result is marked by UNANSWERED: then shouldRevalidate keeps the page as it is. */
export function isUnanswered(actionResult: unknown): boolean {
  return (
    typeof actionResult === "object" &&
    actionResult !== null &&
    (actionResult as { unanswered?: unknown }).unanswered === true
  );
}

/**
 * A route's shouldRevalidate for pages whose forms (or fetchers) post to
 * actions: the usual reload, except after an action the server never answered.
 */
export function revalidateUnlessUnanswered({
  actionResult,
  defaultShouldRevalidate,
}: Pick<ShouldRevalidateFunctionArgs, "actionResult" | "defaultShouldRevalidate">): boolean {
  return isUnanswered(actionResult) ? false : defaultShouldRevalidate;
}
