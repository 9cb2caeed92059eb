import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

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

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: appAliases },
  build: {
    assetsInlineLimit: 0,
    // One stylesheet for the whole site: a page blocks on a single request
    // (cached for the next pages) instead of one per component, and styles
    // of code loaded later (the account dialog) are there from the start.
    cssCodeSplit: false,
  },
});
