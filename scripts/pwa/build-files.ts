// The installable app's files, written by the client build next to the
// app's assets (build/client): one web app manifest and one offline page per
// language, the icons drawn from the logo, and the list of translations the
// service worker precaches. vite.config.ts wires them in; Workbox then lists
// them in the worker's precache (vite-plugin-pwa, injectManifest).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { browserBundlesOf, translationsPath, translationsVersionOf } from "../../app/i18n/browser-bundles.ts";
import { supportedLanguages } from "../../app/i18n/languages.ts";
import { resourcesFromModules } from "../../app/i18n/resources.ts";
import { manifestPath, offlinePagePath } from "../../app/pwa/addresses.ts";
import { appIconSvg, drawingOf, ICON_FILES } from "../../app/pwa/app-icons.ts";
import { offlinePageHtml } from "../../app/pwa/offline-page.ts";
import type { OfflineTexts } from "../../app/pwa/offline-texts.ts";
import { webAppManifest } from "../../app/pwa/web-app-manifest.ts";

/** Every locale file, as the server reads them (app/i18n/i18n.server.ts). */
function readResources(localesDir: string) {
  const modules: Record<string, unknown> = {};
  for (const language of readdirSync(localesDir)) {
    const dir = path.join(localesDir, language);
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      modules[`locales/${language}/${file}`] = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    }
  }
  return resourcesFromModules(modules);
}

/**
 * The translations the worker precaches, under the address the server
 * answers them at: the layout's and the workout pages' namespaces, in every
 * language (a page reached offline still gets its texts).
 */
export function precachedTranslations(localesDir: string, namespaces: readonly string[]) {
  const version = translationsVersionOf(browserBundlesOf(readResources(localesDir)));
  return supportedLanguages.flatMap((language) =>
    // The address holds the version: it changes with the texts, no revision needed.
    namespaces.map((namespace) => ({ url: translationsPath(version, language, namespace), revision: null })),
  );
}

/** Writes the manifests, the offline pages and the icons into the client build. */
export function installableAppFiles({ localesDir }: { localesDir: string }): Plugin {
  return {
    name: "dynami:installable-app-files",
    apply: "build",
    // After Vite's own CSS step, which adds the site's stylesheet to the bundle.
    enforce: "post",
    applyToEnvironment: (environment) => environment.name === "client",
    async generateBundle(_options, bundle) {
      const resources = readResources(localesDir);
      // The site's one stylesheet (vite.config.ts: cssCodeSplit false), as the build named it.
      const stylesheets = Object.values(bundle)
        .filter((file) => file.type === "asset" && file.fileName.endsWith(".css"))
        .map((file) => `/${file.fileName}`);
      for (const language of supportedLanguages) {
        const texts = resources[language]?.offline as unknown as OfflineTexts | undefined;
        if (!texts) throw new Error(`locales/${language}/offline.json is missing`);
        this.emitFile({
          type: "asset",
          fileName: manifestPath(language).slice(1),
          source: JSON.stringify(webAppManifest(language, texts.manifest), null, 2),
        });
        this.emitFile({
          type: "asset",
          fileName: offlinePagePath(language).slice(1),
          source: offlinePageHtml({ language, texts: texts.page, stylesheets }),
        });
      }
      for (const icon of ICON_FILES) {
        const svg = Buffer.from(appIconSvg(icon.size, drawingOf(icon)));
        this.emitFile({
          type: "asset",
          fileName: icon.path.slice(1),
          source: await sharp(svg).png({ compressionLevel: 9 }).toBuffer(),
        });
      }
    },
  };
}
