// npm test: lint and format check, type check, build, unit and contract tests
// (vitest), then the end-to-end tests in Debian's Chromium, each page with
// JavaScript on and off.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputDir = path.join(root, "tests/.output");
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return true;
  console.log("\n=== Installing Debian's chromium (apt-get) ===");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const apt = (args) =>
    spawnSync(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(sudo.length ? ["apt-get"] : []), ...args], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0;
  return apt(["update", "-qq"]) && apt(["install", "-y", "-qq", "--no-install-recommends", "chromium"]);
}

function countFrom(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const vitestReport = path.join(outputDir, "vitest.json");
const playwrightReport = path.join(outputDir, "playwright.json");

const steps = [
  () => run("Lint and format (oxlint, Prettier)", "npm", ["run", "--silent", "lint"]),
  () => run("Type check", "npm", ["run", "--silent", "typecheck"]),
  () => run("Build", "npm", ["run", "--silent", "build"]),
  () =>
    run("Unit and contract tests (vitest)", "npm", [
      "run",
      "--silent",
      "test:unit",
      "--",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestReport}`,
    ]),
  () => ensureChromium(),
  () =>
    run("End-to-end tests (Playwright, Chromium, JavaScript on and off)", "npm", ["run", "--silent", "test:e2e"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    }),
];

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}

const unit = countFrom(vitestReport, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const e2e = existsSync(playwrightReport)
  ? countFrom(playwrightReport, (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected }))
  : { passed: 0, failed: 0 };
/** Titles of the end-to-end tests that failed once, then passed on their retry. */
function flakyTitles(report) {
  const titles = [];
  const walk = (suite, suiteTitles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky")
          titles.push([...suiteTitles, spec.title, test.projectName].filter(Boolean).join(" › "));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...suiteTitles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}
const flaky = existsSync(playwrightReport) ? countFrom(playwrightReport, flakyTitles) : [];
if (Array.isArray(flaky) && flaky.length > 0) {
  console.log(`\nFlaky (failed once, passed on retry): ${flaky.length}`);
  for (const title of flaky) console.log(`  - ${title}`);
}
const failed = unit.failed + e2e.failed + (ok ? 0 : unit.failed + e2e.failed === 0 ? 1 : 0);
console.log(
  `\nvitest: ${unit.passed} passed, ${unit.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed`,
);
console.log(`${unit.passed + e2e.passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
