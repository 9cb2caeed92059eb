import type { i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { i18nFor } from "~/i18n/i18n.server";
import { detectLanguage, fallbackLanguage, type Language, languageCookieName } from "~/i18n/languages";

const languageContext = createContext<Language>(fallbackLanguage);
const i18nContext = createContext<i18n | null>(null);

const oneYearInSeconds = 60 * 60 * 24 * 365;

/**
 * Same contract as remix-i18next's middleware ([middleware, getLocale,
 * getInstance]) but hands out a clone of one instance built at start.
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const detected = detectLanguage(request);
  context.set(languageContext, detected.language);
  context.set(i18nContext, i18nFor(detected.language));
  const response = await next();
  if (detected.fromSearchParam) {
    // ?lng= is a choice: remember it for the next requests.
    response.headers.append(
      "Set-Cookie",
      `${languageCookieName}=${detected.language}; Path=/; Max-Age=${oneYearInSeconds}; SameSite=Lax`,
    );
  }
  return response;
};

export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(languageContext);
}

/**
 * The request's i18next instance. A request no route matched never runs the
 * middleware, so fall back to detecting the language from the request itself.
 */
export function getInstance(context: Readonly<RouterContextProvider>, request?: Request): i18n {
  const instance = context.get(i18nContext);
  if (instance) return instance;
  return i18nFor(request ? detectLanguage(request).language : fallbackLanguage);
}
