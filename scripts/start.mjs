// npm start: build when the sources are newer than the build, then serve.
// npm run dev: serve through Vite in middleware mode (no build).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

// A bad setting should stop us before a build, not after it.
const { ConfigError, loadConfig } = await import("../app/config.server.ts");
try {
  loadConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isDev = process.argv.includes("--dev");
const buildMarker = path.join(root, "build/server/index.js");
const buildInputs = ["app", "locales", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stats = statSync(full);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

function buildIsStale() {
  if (!existsSync(buildMarker)) return true;
  const builtAt = statSync(buildMarker).mtimeMs;
  return buildInputs.some((entry) => newestChange(entry) > builtAt);
}

if (!isDev && buildIsStale()) {
  console.log("Building the app (sources changed since the last build)…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(root, "app/server/main.ts")).href);
