import { reactRouter } from "@react-router/dev/vite";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { installableAppFiles, precachedTranslations } from "./scripts/pwa/build-files.ts";
import { slimPreloadHelper } from "./scripts/build/slim-preload-helper.ts";
import { cssModuleNamer } from "./scripts/build/css-module-names.ts";

/**
 * Components import useTranslation and Trans from "react-i18next" as usual;
 * that name resolves to the app's own binding (app/i18n/react-i18next.tsx):
 * same API, no i18next in the browser. tests/vitest.config.ts and
 * tsconfig.json say the same.
 */
const appAliases = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "react-i18next": fileURLToPath(new URL("./app/i18n/react-i18next.tsx", import.meta.url)),
};

/**
 * The browser's files, compressed once at their best: name.gz (gzip -9)
 * next to each that shrinks, and name.br (brotli 11) where it beats the
 * gzip file. app/server/compressed-assets.ts sends them as they are.
 */
function precompressClientAssets(): Plugin {
  return {
    name: "dynami:precompress-client-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(outputOptions, bundle) {
      const outDir = outputOptions.dir ?? "";
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const content = readFileSync(file);
        const gzipped = gzipSync(content, { level: 9 });
        if (gzipped.length >= content.length) continue;
        writeFileSync(`${file}.gz`, gzipped);
        const brotli = brotliCompressSync(content, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        if (brotli.length < gzipped.length) writeFileSync(`${file}.br`, brotli);
      }
    },
  };
}

/**
 * Every page loads the client entry and the root route, and so everything
 * they import statically: those modules go into one chunk ("site") instead
 * of a dozen small ones shared with this or that page. Fewer requests, and
 * gzip compresses them together (measured on the home page: 25 files to 10,
 * about 4 KB less). What one page alone uses keeps its own chunk.
 */
function siteChunk() {
  const siteModules = new Set<string>();
  let collectedForClient = false;
  const plugin: Plugin = {
    name: "dynami:site-chunk",
    apply: "build",
    buildStart() {
      siteModules.clear();
      collectedForClient = false;
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      const entryFiles = [
        fileURLToPath(new URL("./app/entry.client.tsx", import.meta.url)),
        fileURLToPath(new URL("./app/root.tsx", import.meta.url)),
      ];
      const pending = [...this.getModuleIds()].filter((id) => entryFiles.some((file) => id.split("?")[0] === file));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (siteModules.has(id)) continue;
        siteModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      collectedForClient = true;
    },
  };
  const group = {
    name: "site",
    test: (id: string) => collectedForClient && siteModules.has(id),
  };
  return { plugin, group };
}

const site = siteChunk();

/**
 * The dashboard's chart box, kept whole with the styles and headings its
 * deletion questions share: as they load on demand, the bundler would
 * otherwise split those few modules into one more request.
 */
const chartBoxGroup = {
  name: "chart-box",
  test: /\/app\/components\/dashboard\/(chart-box\.tsx|chart-scale\.ts|block-heading\.tsx|dashboard\.module\.css)/,
};

const localesDir = fileURLToPath(new URL("./locales", import.meta.url));
/** Where the browser's files go (react-router.config.ts: BUILD_DIR, default ./build). */
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/**
 * The service worker (app/pwa/worker/sw.ts), built with Workbox's
 * injectManifest through vite-plugin-pwa: our own worker (the account rules
 * of its page copies are ours), Workbox's precaching and routing, and the
 * precache list computed from the build's files. No registration script
 * and no manifest from the plugin: the pages register on demand
 * (app/components/pwa/) and the manifests are one per language.
 */
const serviceWorker = VitePWA({
  strategies: "injectManifest",
  srcDir: "app/pwa/worker",
  filename: "sw.ts",
  outDir: clientDir,
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globDirectory: clientDir,
    globPatterns: [
      // The code and styles of the shell, the builder and the session view (and the other pages but…
      "assets/*.{js,css}",
      // …the catalogue the builder works from, the icons, the offline pages and the manifests.
      "data/exo/*.json",
      "icons/*.png",
      "hors-ligne/*.html",
      "manifest.*.webmanifest",
      "favicon.svg",
    ],
    // …the charts (loaded on the dashboard only, 180 KB) and the admin and development screens.
    globIgnores: ["assets/apex-chart*", "assets/admin*", "assets/dev.*"],
    // Hashed names: the address is the revision.
    dontCacheBustURLsMatching: /^assets\//,
    additionalManifestEntries: precachedTranslations(localesDir, [
      "common",
      "consent",
      "account",
      "workout",
      "workout-session",
    ]),
    // The strength catalogue is the largest file (about 590 KB, 112 KB compressed).
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
  // Once, after the browser's build: the server build that follows must not write it again.
}).map(
  (plugin) => ({ ...plugin, applyToEnvironment: (environment) => environment.name === "client" }) satisfies Plugin,
);

export default defineConfig(({ command }) => ({
  // Short, compressible class names in the built site (scripts/build/css-module-names.ts); readable ones in development.
  css:
    command === "build"
      ? { modules: { generateScopedName: cssModuleNamer(path.dirname(fileURLToPath(import.meta.url))) } }
      : {},
  plugins: [
    slimPreloadHelper(),
    reactRouter(),
    precompressClientAssets(),
    site.plugin,
    installableAppFiles({ localesDir }),
    serviceWorker,
  ],
  resolve: { alias: appAliases },
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: [site.group, chartBoxGroup] } } },
    assetsInlineLimit: 0,
    // One stylesheet for the whole site: a page blocks on a single request
    // (cached for the next pages) instead of one per component, and styles
    // of code loaded later (the account dialog) are there from the start.
    cssCodeSplit: false,
  },
}));
