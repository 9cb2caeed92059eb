import { createContext, type JSX, type ReactNode, useContext } from "react";

/**
 * Where the server keeps markup rendered once (app/lib/static-markup.server.tsx,
 * provided by app/entry.server.tsx). The browser has none.
 */
export interface StaticMarkupCache {
  /** The HTML `render` gives, rendered the first time `key` is asked. */
  html(key: string, render: () => ReactNode): string;
}

export const StaticMarkupContext = createContext<StaticMarkupCache | null>(null);

type StaticMarkupProps<Tag extends keyof JSX.IntrinsicElements> = Omit<
  JSX.IntrinsicElements[Tag],
  "children" | "dangerouslySetInnerHTML"
> & {
  as: Tag;
  /** Everything `render` depends on (its language, its data): the same key must always give the same markup. */
  cacheKey: string;
  /** Host elements and components without hooks or context only: on the server it renders apart from the page. */
  render: () => ReactNode;
};

/**
 * An element whose content is the same for everyone who asks with the same
 * key, such as a list of static texts in a language. The server renders that
 * content once per key and sends its HTML as it is afterwards (a page's
 * render is its most expensive part); the browser renders it as usual and
 * hydrates the very markup it would have got.
 */
export function StaticMarkup<Tag extends keyof JSX.IntrinsicElements>({
  as,
  cacheKey,
  render,
  ...props
}: StaticMarkupProps<Tag>) {
  const cache = useContext(StaticMarkupContext);
  const Element = as as React.ElementType;
  if (cache) return <Element {...props} dangerouslySetInnerHTML={{ __html: cache.html(cacheKey, render) }} />;
  return <Element {...props}>{render()}</Element>;
}
