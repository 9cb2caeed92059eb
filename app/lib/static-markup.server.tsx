import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { StaticMarkupCache } from "./static-markup";

/**
 * The server's markup rendered once per key (app/lib/static-markup.tsx).
 * renderToString gives the markup a page's stream would hold for the same
 * elements (React's legacy server renderer, whose state is its own, so it
 * may run while a page renders). At most `maxEntries` keys, the least
 * recently used going first.
 */
export function createStaticMarkupCache(maxEntries = 100): StaticMarkupCache {
  const entries = new Map<string, string>();
  return {
    html(key: string, render: () => ReactNode): string {
      let html = entries.get(key);
      if (html === undefined) {
        html = renderToString(<>{render()}</>);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      } else {
        entries.delete(key);
      }
      entries.set(key, html);
      return html;
    },
  };
}
