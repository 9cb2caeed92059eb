import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the React Router plugin is for the app build,
// unit and contract tests need none of it.
const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.{ts,mjs}", "tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
  },
});
