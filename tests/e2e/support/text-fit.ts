import type { Page } from "@playwright/test";

/**
 * What does not fit a page as a person sees it: how far it scrolls sideways,
 * and every word split across two lines (a word broken inside, or hyphenated
 * by the browser). A compound written with its own hyphen ("Kurzhantel-
 * Bankdrücken") may break there: each part is a word. Text hidden from sight
 * (visually-hidden labels, closed parts) is not looked at.
 */
export async function textThatDoesNotFit(
  page: Page,
  scope = "body",
): Promise<{ overflow: number; broken: string[]; wider: string[] }> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    const broken = new Set<string>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || text.trim() === "" || parent.closest("svg, script, style, template, .visually-hidden")) continue;
      // The inside of a closed <details> is out of sight (Chromium still lays it out).
      if (parent.closest("details:not([open]) > :not(summary)")) continue;
      const box = parent.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let offset = 0;
      for (const part of text.split(/([\s\-‐–—/]+)/)) {
        if (part.trim() !== "" && !/^[\s\-‐–—/]+$/.test(part)) {
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + part.length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.add(part);
        }
        offset += part.length;
      }
    }
    // What reaches past the right edge, outside a box that scrolls on its own: names the cause of an overflow.
    const wider = [...document.querySelectorAll("body *")]
      .filter((element) => {
        const right = element.getBoundingClientRect().right;
        let scroller = element.parentElement;
        while (scroller && getComputedStyle(scroller).overflowX === "visible") scroller = scroller.parentElement;
        return (
          right > window.innerWidth + 0.5 &&
          (scroller === null || scroller === document.body || scroller === document.documentElement)
        );
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`);
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, broken: [...broken], wider };
  }, scope);
}
