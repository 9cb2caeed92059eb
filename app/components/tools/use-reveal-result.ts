import { type RefObject, useEffect } from "react";
import { useFormAction } from "react-router";

/**
 * Where a calculator posts: this route (search parameters kept, e.g. the
 * /outils tab), with the result's anchor, so that without JavaScript the
 * answered page opens at the result rather than at the top.
 */
export function useCalculatorAction(resultId: string): string {
  return `${useFormAction()}#${resultId}`;
}

/**
 * With JavaScript the result appears in place; when that place is out of
 * sight (below a long form on a phone), scroll it into view.
 */
export function useRevealResult(region: RefObject<HTMLElement | null>, answer: unknown): void {
  useEffect(() => {
    const element = region.current;
    if (!answer || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    const headerRoom = 80;
    if (top >= headerRoom && bottom <= window.innerHeight) return;
    if (top >= headerRoom && top < window.innerHeight * 0.6) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  }, [answer, region]);
}
