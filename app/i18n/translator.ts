// The translation function components render with, on the server and in the
// browser alike. i18next itself stays on the server (loaders, actions, mails,
// through remix-i18next's middleware): in the browser it would weigh more
// than the page budget leaves to the whole app. This file implements the part
// of i18next's behaviour our locale files use, and nothing else:
//   - keys "a.b.c" in the namespace of the hook, another one by "ns:key" or { ns };
//   - {{variable}} interpolation, unescaped (React escapes), a variable left
//     out of the options stays as written, like i18next;
//   - plurals: { count } picks key_zero (count 0), key_<Intl plural rule>, then key;
//   - returnObjects for arrays and objects (interpolated leaf by leaf);
//   - defaultValue; a missing key answers the key itself;
//   - French as the fallback language, tried after the page's language.
// translator.test.ts checks every key of every locale file against i18next,
// and fails when a locale file starts using a feature left out here.

export type Bundle = { [key: string]: unknown };
/** Namespace name -> its texts, for one language. */
export type Bundles = Record<string, Bundle>;

export interface TOptions {
  ns?: string;
  count?: number;
  defaultValue?: unknown;
  returnObjects?: boolean;
  [variable: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export interface TranslationSet {
  language: string;
  /** The page's language: the namespaces the page may render. */
  bundles: Bundles;
  /** French texts only where `bundles` lacks the key (usually nothing). */
  fallbackLanguage: string;
  fallbackBundles: Bundles;
}

const interpolationPattern = /\{\{([^{}]+)\}\}/g;
const pluralRulesByLanguage = new Map<string, Intl.PluralRules>();

function pluralRules(language: string): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRulesByLanguage.set(language, rules);
  }
  return rules;
}

function lookup(bundle: Bundle | undefined, key: string): unknown {
  if (!bundle) return undefined;
  // The whole key first (i18next does so too: keys may contain dots).
  if (key in bundle) return bundle[key];
  let value: unknown = bundle;
  for (const part of key.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Bundle)[part];
  }
  return value;
}

function readVariable(options: TOptions, name: string): { found: boolean; value: unknown } {
  if (Object.hasOwn(options, name)) return { found: true, value: options[name] };
  if (!name.includes(".")) return { found: false, value: undefined };
  const value = lookup(options as Bundle, name);
  return { found: value !== undefined, value };
}

export function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(interpolationPattern, (match, rawName: string) => {
    const { found, value } = readVariable(options, rawName.trim());
    if (!found) return match;
    return value === null || value === undefined ? "" : String(value);
  });
}

function interpolateDeep(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === "string") return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, options));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, options)]));
  }
  return value;
}

function candidateKeys(key: string, language: string, count: unknown): string[] {
  if (typeof count !== "number") return [key];
  const keys = [`${key}_${pluralRules(language).select(count)}`, key];
  if (count === 0) keys.unshift(`${key}_zero`);
  return keys;
}

/** A `t` bound to one namespace (and any other through "ns:key" or { ns }). */
export function fixedT(set: TranslationSet, namespace: string): TFunction {
  // A text asked without options is the same every time: looked up once. The
  // server keeps one `t` per page's language and namespaces (pageTranslations),
  // so most of a page's hundreds of lookups are answered from here. A key not
  // found is not kept: in the browser its namespace may still be on its way.
  const plainTexts = new Map<string, string>();
  const t = (key: string, options?: TOptions): unknown => {
    if (options !== undefined) return translate(key, options);
    const known = plainTexts.get(key);
    if (known !== undefined) return known;
    const text = translate(key, undefined) as string;
    const colon = key.indexOf(":");
    if (text !== (colon > 0 ? key.slice(colon + 1) : key)) plainTexts.set(key, text);
    return text;
  };
  const translate = (key: string, options: TOptions | undefined): unknown => {
    let ns = options?.ns ?? namespace;
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0) {
      ns = key.slice(0, colon);
      path = key.slice(colon + 1);
    }
    const attempts: [string, Bundle | undefined][] = [
      [set.language, set.bundles[ns]],
      [set.fallbackLanguage, set.fallbackBundles[ns]],
    ];
    for (const [language, bundle] of attempts) {
      for (const candidate of candidateKeys(path, language, options?.count)) {
        const value = lookup(bundle, candidate);
        if (typeof value === "string") return interpolate(value, options);
        if (value !== undefined && value !== null && options?.returnObjects) return interpolateDeep(value, options);
      }
    }
    if (options?.defaultValue !== undefined) return interpolateDeep(options.defaultValue, options);
    return path;
  };
  return t as TFunction;
}
