import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin is for the app build,
// unit and contract tests need none of it.
const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  // The app's aliases (vite.config.ts): "~" and the app's own "react-i18next".
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("../app", import.meta.url)),
      "react-i18next": fileURLToPath(new URL("../app/i18n/react-i18next.tsx", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,mjs}", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
  },
});
