// What `import { useTranslation, Trans } from "react-i18next"` gives in this
// app: vite.config.ts, tests/vitest.config.ts and tsconfig.json resolve that
// name to this file. Components keep react-i18next's API (the part we use),
// but render with app/i18n/translator.ts over the texts the page received:
// no i18next in the browser (it alone would eat the JavaScript budget), and
// on the server one cached `t` per namespace instead of a new wrapper per
// component and render. i18next itself still translates loaders, actions
// and mails on the server (remix-i18next's middleware).
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useReducer,
} from "react";
import { defaultNamespace, fallbackLanguage } from "./languages";
import { fixedT, type TFunction, type TOptions, type TranslationSet } from "./translator";

export type { TFunction, TOptions } from "./translator";

/** The texts a page renders with, and (in the browser) how to get more. */
export interface Translations {
  set: TranslationSet;
  /** Rendered into the page as JSON: the browser starts from it (app/i18n/client.ts). */
  bootJson: string;
  /** Browser only: fetches namespaces the page did not receive. */
  load?: (namespaces: readonly string[]) => Promise<void>;
  /** One `t` per namespace, made once. */
  fixedTs: Map<string, TFunction>;
  i18n: { language: string; resolvedLanguage: string };
}

export function createTranslations(set: TranslationSet, bootJson: string, load?: Translations["load"]): Translations {
  return {
    set,
    bootJson,
    load,
    fixedTs: new Map(),
    i18n: { language: set.language, resolvedLanguage: set.language },
  };
}

const emptyTranslations = createTranslations(
  { language: fallbackLanguage, bundles: {}, fallbackLanguage, fallbackBundles: {} },
  "{}",
);

const TranslationsContext = createContext<Translations>(emptyTranslations);

export function TranslationsProvider({ value, children }: { value: Translations; children: ReactNode }) {
  return <TranslationsContext.Provider value={value}>{children}</TranslationsContext.Provider>;
}

export function useTranslations(): Translations {
  return useContext(TranslationsContext);
}

function tFor(translations: Translations, namespace: string): TFunction {
  let t = translations.fixedTs.get(namespace);
  if (!t) {
    t = fixedT(translations.set, namespace);
    translations.fixedTs.set(namespace, t);
  }
  return t;
}

/**
 * react-i18next's hook: `t` reads the first namespace given (the default one
 * when none is), others through "ns:key". In the browser a namespace the
 * page lacks is fetched, and the component renders again once it is there.
 */
export function useTranslation(namespaces?: string | readonly string[]) {
  const translations = useContext(TranslationsContext);
  const wanted =
    namespaces === undefined ? [defaultNamespace] : typeof namespaces === "string" ? [namespaces] : namespaces;
  const missing = translations.load ? wanted.filter((namespace) => !(namespace in translations.set.bundles)) : [];
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const missingKey = missing.join(",");
  useEffect(() => {
    if (!missingKey || !translations.load) return;
    let current = true;
    void translations.load(missingKey.split(",")).then(() => current && rerender());
    return () => {
      current = false;
    };
  }, [missingKey, translations]);
  return {
    t: tFor(translations, wanted[0] ?? defaultNamespace),
    i18n: translations.i18n,
    ready: missing.length === 0,
  };
}

const tagPattern = /<(\/?)([A-Za-z][\w-]*)\s*(\/?)>/g;

/** "a <b>c<d>e</d></b>" with components { b, d } -> React nodes; unknown tags keep their text only. */
export function renderTags(text: string, components: Record<string, ReactElement>): ReactNode[] {
  interface Frame {
    name: string | null;
    children: ReactNode[];
  }
  const stack: Frame[] = [{ name: null, children: [] }];
  let last = 0;
  let key = 0;
  const top = () => stack[stack.length - 1]!;
  const element = (name: string, children: ReactNode[]): ReactNode => {
    const component = components[name];
    const content = children.length === 0 ? undefined : children.length === 1 ? children[0] : children;
    if (isValidElement(component)) return cloneElement(component, { key: key++ }, content);
    return <Fragment key={key++}>{content}</Fragment>;
  };
  for (const match of text.matchAll(tagPattern)) {
    const [whole, closing, name = "", selfClosing] = match;
    if (match.index > last) top().children.push(text.slice(last, match.index));
    last = match.index + whole.length;
    if (selfClosing) {
      top().children.push(element(name, []));
    } else if (!closing) {
      stack.push({ name, children: [] });
    } else if (stack.length > 1 && top().name === name) {
      const frame = stack.pop()!;
      top().children.push(element(name, frame.children));
    } else {
      top().children.push(whole);
    }
  }
  if (last < text.length) top().children.push(text.slice(last));
  // Tags left open: their content stays, unwrapped.
  while (stack.length > 1) {
    const frame = stack.pop()!;
    top().children.push(...frame.children);
  }
  return stack[0]!.children;
}

/** react-i18next's <Trans> with named components: `<policy>…</policy>` in the text, `components={{ policy: <a/> }}`. */
export function Trans({
  i18nKey,
  t,
  ns,
  values,
  components = {},
}: {
  i18nKey: string;
  t?: TFunction;
  ns?: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  const own = useTranslation(ns);
  const text = (t ?? own.t)(i18nKey, values);
  return <>{renderTags(text, components)}</>;
}
