import { createContext, useContext } from "react";

// The site's single stylesheet (vite.config.ts: cssCodeSplit false), named
// at the top of <head>: React Router links it after the module preloads of
// the page's scripts, and on a phone's connection the render-blocking
// stylesheet then waits for them. With a precedence, React puts it first
// (and React Router's own link to the same file costs nothing more).
const SiteStylesheetsContext = createContext<readonly string[]>([]);

export const SiteStylesheetsProvider = SiteStylesheetsContext.Provider;

/** In the browser: the stylesheets the server named that way. */
export function siteStylesheetsInDocument(): string[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-precedence="site"]')].map(
    (link) => link.getAttribute("href") ?? "",
  );
}

export function SiteStylesheets() {
  const hrefs = useContext(SiteStylesheetsContext);
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="site" />
      ))}
    </>
  );
}
