import type { i18n } from "i18next";
import type { Cookie, MiddlewareFunction, RouterContextProvider } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";
import { i18nextOptions } from "~/i18n/i18n.server";
import {
  fallbackLanguage,
  type Language,
  languageCookieName,
  languageFromAcceptLanguage,
  languageSearchParam,
  supportedLanguages,
  toSupportedLanguage,
} from "~/i18n/languages";
import { readCookie } from "~/lib/cookies";
import type { TFunction } from "~/i18n/translator";

const oneYearInSeconds = 60 * 60 * 24 * 365;

/**
 * The `lng` cookie holds the bare language ("de"), as the language switcher
 * and older visits wrote it, not React Router's encoded cookie format: the
 * detector only needs `parse`.
 */
const languageCookie: Cookie = {
  name: languageCookieName,
  isSigned: false,
  expires: undefined,
  async parse(cookieHeader) {
    return readCookie(cookieHeader, languageCookieName);
  },
  async serialize(value) {
    return `${languageCookieName}=${encodeURIComponent(String(value))}; Path=/; Max-Age=${oneYearInSeconds}; SameSite=Lax`;
  },
};

/**
 * remix-i18next's middleware: the language of the request, then an i18next
 * instance for it (created from the resources loaded at start, initialised
 * synchronously), read with getLocale and getInstance.
 *
 * The spec's order (DECISIONS.md, "Language choice"): ?lng=, then the `lng`
 * cookie, then the browser's languages, then French. The browser's languages
 * go through `findLocale`: the library's own header reading stops at the
 * first language it knows of (Italian, say) even when a later one is ours.
 */
const [detectAndTranslate, getRequestLocale, getRequestInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    searchParamKey: languageSearchParam,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "custom"],
    async findLocale({ request }) {
      return languageFromAcceptLanguage(request.headers.get("Accept-Language"));
    },
  },
  i18next: i18nextOptions,
});

/** ?lng= is a choice: remember it in the cookie for the next requests. */
const rememberLanguageChoice: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const chosen = toSupportedLanguage(new URL(request.url).searchParams.get(languageSearchParam));
  if (chosen && chosen === getLocale(context)) {
    response.headers.append("Set-Cookie", await languageCookie.serialize(chosen));
  }
  return response;
};

export const i18nextMiddleware: MiddlewareFunction<Response>[] = [detectAndTranslate, rememberLanguageChoice];

export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return toSupportedLanguage(getRequestLocale(context)) ?? fallbackLanguage;
}

/** The request's i18next instance (translate with `.t`, "ns:key" for another namespace than common). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return getRequestInstance(context);
}

/**
 * The request's translator of one namespace, in the app's own TFunction shape
 * (what components that render on the server apart from the page take as `t`).
 */
export function namespaceT(context: Readonly<RouterContextProvider>, namespace: string): TFunction {
  return getRequestInstance(context).getFixedT(getLocale(context), namespace) as unknown as TFunction;
}
