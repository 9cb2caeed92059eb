import { useLocation, useMatches } from "react-router";
import { languageSearchParam, supportedLanguages, toSupportedLanguage } from "~/i18n/languages";

/** Route ids of pages that are not content of their own (a search engine should skip them). */
const notIndexedRoutes = new Set(["routes/not-found", "routes/dev.mails", "routes/dev.mails.$file"]);

function descriptionOf(data: unknown): string | null {
  if (data === null || typeof data !== "object" || !("description" in data)) return null;
  const { description } = data as { description: unknown };
  return typeof description === "string" && description.trim() ? description : null;
}

/**
 * What search engines read in the <head> of every page: a description (the
 * page's own, from its loader's `description`, else the site's), the
 * canonical address and the page in each language. A language is chosen by
 * ?lng=, so each language has its address (?lng=xx); the address without it
 * adapts to the visitor and is the x-default.
 */
export function PageMetadata({
  origin,
  siteDescription,
  isError,
}: {
  origin: string;
  siteDescription: string;
  isError: boolean;
}) {
  const location = useLocation();
  const matches = useMatches();
  let description = siteDescription;
  for (const match of matches) description = descriptionOf(match.loaderData) ?? description;
  const leaf = matches.at(-1);
  const indexed = !isError && leaf !== undefined && !notIndexedRoutes.has(leaf.id);

  const base = `${origin}${location.pathname}`;
  const chosen = toSupportedLanguage(new URLSearchParams(location.search).get(languageSearchParam));
  const inLanguage = (language: string) => `${base}?${languageSearchParam}=${language}`;
  return (
    <>
      {description ? <meta name="description" content={description} /> : null}
      {indexed ? (
        <>
          <link rel="canonical" href={chosen ? inLanguage(chosen) : base} />
          {supportedLanguages.map((language) => (
            <link key={language} rel="alternate" hrefLang={language} href={inLanguage(language)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={base} />
        </>
      ) : null}
    </>
  );
}
