// The page the service worker shows for an address it has no copy of while
// the network is down, one per language (/hors-ligne/<language>.html),
// written by the build. Plain HTML with the site's stylesheet and no script:
// it needs nothing the worker does not keep, and the Content-Security-Policy
// it is served with has nothing to allow.
import { escapeHtml } from "../lib/html-escape.ts";
import { pageTitle } from "../lib/page-title.ts";
import { manifestPath, START_URL } from "./addresses.ts";
import type { OfflineTexts } from "./offline-texts.ts";

/** The three stacked pebbles (app/components/layout/logo.tsx), coloured by the stylesheet. */
const PEBBLES_LOGO =
  '<svg class="logo-pebbles" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
  '<ellipse cx="16" cy="25.5" rx="12" ry="5" class="pebble pebble-base"/>' +
  '<ellipse cx="16" cy="16.5" rx="8.5" ry="4.2" class="pebble pebble-middle"/>' +
  '<ellipse cx="16" cy="8.5" rx="5.2" ry="3.3" class="pebble pebble-top"/></svg>';

export function offlinePageHtml({
  language,
  texts,
  stylesheets,
}: {
  language: string;
  texts: OfflineTexts["page"];
  /** The site's stylesheet(s), as the build named them. */
  stylesheets: readonly string[];
}): string {
  const text = escapeHtml;
  const works = [texts.works.builder, texts.works.session, texts.works.pages];
  return `<!doctype html>
<html lang="${text(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${text(pageTitle(texts.title))}</title>
${stylesheets.map((href) => `<link rel="stylesheet" href="${text(href)}">`).join("\n")}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="manifest" href="${text(manifestPath(language))}">
</head>
<body>
<header class="site-header"><div class="site-header-inner">
<a href="/" class="brand" aria-label="${text(texts.home)}">${PEBBLES_LOGO}<span class="brand-name">Dynami</span></a>
</div></header>
<main id="contenu">
<section class="status-screen" aria-labelledby="status-title">
<h1 id="status-title">${text(texts.heading)}</h1>
<p>${text(texts.intro)}</p>
<div>
<p>${text(texts.worksTitle)}</p>
<ul>
${works.map((line) => `<li>${text(line)}</li>`).join("\n")}
</ul>
</div>
<div class="button-row">
<a href="" class="button button-primary">${text(texts.retry)}</a>
<a href="${START_URL}" class="button button-ghost">${text(texts.openWorkout)}</a>
</div>
</section>
</main>
</body>
</html>
`;
}
