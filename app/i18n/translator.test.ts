import { createInstance, type i18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { allNamespaces, i18nextOptions, missingPart, resources } from "./i18n.server.ts";
import { fallbackLanguage, supportedLanguages } from "./languages.ts";
import { type Bundle, fixedT, interpolate, type TranslationSet } from "./translator.ts";

// Components render with app/i18n/translator.ts, loaders and mails with
// i18next: both must give the same text for every key of every locale file.
// A locale file that starts using an i18next feature the translator lacks
// (nesting, formatting, context...) makes this test fail.

type Leaf = { key: string; value: unknown };

function leavesOf(value: unknown, prefix = ""): Leaf[] {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => leavesOf(child, prefix ? `${prefix}.${key}` : key));
  }
  return [{ key: prefix, value }];
}

/** Every {{variable}} of a text (or list of texts), with a sample value. */
function sampleValues(value: unknown): Record<string, unknown> {
  const texts = Array.isArray(value) ? value : [value];
  const names = texts.flatMap((text) =>
    typeof text === "string" ? [...text.matchAll(/\{\{([^{}]+)\}\}/g)].map((match) => match[1]!.trim()) : [],
  );
  return Object.fromEntries(names.map((name) => [name, `«${name}»`]));
}

function pluralBase(key: string): string | null {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return match ? match[1]! : null;
}

/** Every namespace (the server-only ones too: legal pages render theirs with the translator). */
function everyNamespaceIn(language: string): TranslationSet {
  const bundles = (resources[language] ?? {}) as Record<string, Bundle>;
  const french = (resources[fallbackLanguage] ?? {}) as Record<string, Bundle>;
  const fallbackBundles = Object.fromEntries(
    Object.keys(french).flatMap((namespace) => {
      const missing = missingPart(french[namespace]!, bundles[namespace]);
      return missing ? [[namespace, missing]] : [];
    }),
  );
  return { language, bundles, fallbackLanguage, fallbackBundles };
}

let i18next: i18n;
beforeAll(async () => {
  i18next = createInstance({ ...i18nextOptions, ns: allNamespaces });
  await i18next.init();
});

describe("the translator renders like i18next", () => {
  for (const language of supportedLanguages) {
    for (const namespace of allNamespaces) {
      it(`${language}/${namespace}`, () => {
        const lite = fixedT(everyNamespaceIn(language), namespace);
        const reference = i18next.getFixedT(language, namespace);
        const leaves = leavesOf(resources[fallbackLanguage]?.[namespace]);
        expect(leaves.length).toBeGreaterThan(0);
        for (const { key, value } of leaves) {
          const base = pluralBase(key);
          if (base) {
            for (const count of [0, 1, 2, 5, 21, 1_000_000]) {
              const options = { ...sampleValues(value), count };
              expect(lite(base, options), `${base} count ${count}`).toBe(reference(base, options));
            }
            continue;
          }
          const options = sampleValues(value);
          if (Array.isArray(value)) {
            expect(lite(key, { ...options, returnObjects: true }), key).toEqual(
              reference(key, { ...options, returnObjects: true }),
            );
          } else {
            expect(lite(key, options), key).toBe(reference(key, options));
            // A variable left out stays as written, like i18next.
            expect(lite(key), key).toBe(reference(key));
          }
        }
      });
    }
  }

  it("reads another namespace by ns:key or { ns }, and answers the key when it has none", () => {
    const t = fixedT(everyNamespaceIn("en"), "common");
    const reference = i18next.getFixedT("en", "common");
    expect(t("tools:imc.title")).toBe(reference("tools:imc.title"));
    expect(t("imc.title", { ns: "tools" })).toBe(reference("imc.title", { ns: "tools" }));
    expect(t("nope.missing")).toBe(reference("nope.missing"));
    expect(t("nope.missing", { defaultValue: "Hi {{name}}", name: "Léa" })).toBe(
      reference("nope.missing", { defaultValue: "Hi {{name}}", name: "Léa" }),
    );
  });

  it("falls back to French for a key the language lacks", () => {
    const set = {
      language: "de",
      bundles: { common: { only: "Nur" } },
      fallbackLanguage: "fr",
      fallbackBundles: { common: { missing: "Manquant {{x}}" } },
    };
    const t = fixedT(set, "common");
    expect(t("only")).toBe("Nur");
    expect(t("missing", { x: 1 })).toBe("Manquant 1");
  });

  it("finds the texts of a namespace the browser received after a first miss", () => {
    const set: TranslationSet = { language: "en", bundles: {}, fallbackLanguage: "fr", fallbackBundles: {} };
    const t = fixedT(set, "common");
    expect(t("tools:imc.title")).toBe("imc.title");
    set.bundles.tools = { imc: { title: "BMI" } };
    expect(t("tools:imc.title")).toBe("BMI");
  });

  it("interpolates like i18next: null and undefined become empty, a missing variable stays", () => {
    expect(interpolate("a {{x}} b {{ y }} c {{z}}", { x: null, y: 2 })).toBe("a  b 2 c {{z}}");
    expect(interpolate("{{x}}", { x: undefined })).toBe("");
  });
});
