// npm run lighthouse: Lighthouse (mobile, its default simulated throttling)
// on the built app served as in production, with Debian's Chromium. Each page
// runs several times; the table shows the median of each score, so one slow
// run on a busy machine does not decide the figure.
//
//   npm run lighthouse                       the issue's pages, 3 runs each
//   npm run lighthouse -- /imc "/?lng=de"    other pages
//   LIGHTHOUSE_RUNS=5 npm run lighthouse     more runs per page
//   LIGHTHOUSE_NO_BUILD=1 npm run lighthouse use the existing build
//
// Targets (issue 12): performance 95 or more, accessibility and SEO 100. The
// verdict is printed; the exit code is non-zero only when a run fails.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOST = "127.0.0.1";
const RUNS = readRuns();
const DEFAULT_PAGES = ["/", "/outils", "/imc", "/calories", "/contact", "/exo"];
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_PAGES;

const CATEGORIES = [
  { id: "performance", label: "perf", target: 95 },
  { id: "accessibility", label: "a11y", target: 100 },
  { id: "best-practices", label: "best pr.", target: null },
  { id: "seo", label: "SEO", target: 100 },
];
const METRICS = [
  { id: "first-contentful-paint", label: "FCP s", scale: 1 / 1000, digits: 2 },
  { id: "largest-contentful-paint", label: "LCP s", scale: 1 / 1000, digits: 2 },
  { id: "total-blocking-time", label: "TBT ms", scale: 1, digits: 0 },
  { id: "cumulative-layout-shift", label: "CLS", scale: 1, digits: 3 },
];

function readRuns() {
  const raw = process.env.LIGHTHOUSE_RUNS ?? "3";
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`LIGHTHOUSE_RUNS must be a whole number of runs, 1 or more (got "${raw}").`);
    process.exit(2);
  }
  return runs;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The built app as deployed (production mode), on a throw-away SQLite database. */
async function startApp(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, ["app/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      // Canonical and alternate links name the address Lighthouse visits.
      APP_URL: `http://${HOST}:${port}`,
      NODE_ENV: "production",
      DATABASE_URL: `sqlite:${path.join(dataDir, "lighthouse.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      SESSION_SECRET: "lighthouse-session-secret-not-for-production-0123456789",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk) => (output = (output + chunk).slice(-4000));
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 60 s:\n${output}`)), 60_000);
    child.stdout.on("data", () => {
      if (output.includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (code ${code}) before listening:\n${output}`));
    });
  });
  return { child, origin: `http://${HOST}:${port}` };
}

function median(values) {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function printTable(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join("  ");
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

/**
 * One Lighthouse run in a fresh Chromium (nothing cached, nothing left from
 * the previous run). Chromium now and then fails to record a trace
 * (NO_NAVSTART): such a run is tried again, up to three times.
 */
async function runLighthouse(url) {
  let lastError = null;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES.map((category) => category.id),
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (!lhr.runtimeError) return lhr;
      lastError = new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    } finally {
      chrome.kill();
    }
  }
  throw lastError;
}

/** The audits that cost a category points, for the summary under the table. */
function failedAudits(lhr) {
  const failed = [];
  for (const category of CATEGORIES) {
    if (category.id === "performance") continue;
    for (const ref of lhr.categories[category.id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        // Which elements, briefly: enough to find them.
        const items = (audit.details?.items ?? [])
          .slice(0, 3)
          .map((item) => item.node?.snippet ?? item.source?.url ?? item.href ?? item.description ?? item.text)
          .filter(Boolean)
          .map((what) => String(what).slice(0, 120));
        failed.push(`${category.label}: ${audit.title}${items.length ? ` [${items.join(" | ")}]` : ""}`);
      }
    }
  }
  return failed;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "dynami-lighthouse-"));
let app = null;
let exitCode = 0;
try {
  if (!process.env.LIGHTHOUSE_NO_BUILD) {
    console.log("Building the app…");
    const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  }
  app = await startApp(dataDir);
  console.log(
    `Lighthouse (mobile) on ${app.origin}, ${RUNS} run(s) per page, median shown; ` +
      `load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores.`,
  );

  const rows = [];
  const problems = new Map();
  for (const pagePath of pages) {
    const url = new URL(pagePath, app.origin).href;
    // A server in production has served pages before: warm it up (code
    // compiled, modules loaded) so the first run does not pay for a cold start.
    for (let warmUp = 0; warmUp < 3; warmUp++) await (await fetch(url)).arrayBuffer();
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      process.stdout.write(`  ${pagePath} run ${run}/${RUNS}…\r`);
      runs.push(await runLighthouse(url));
    }
    const scores = CATEGORIES.map((category) =>
      Math.round(100 * median(runs.map((lhr) => lhr.categories[category.id].score ?? 0))),
    );
    const metrics = METRICS.map((metric) => median(runs.map((lhr) => lhr.audits[metric.id].numericValue ?? 0)));
    const verdict = CATEGORIES.every((category, index) => category.target === null || scores[index] >= category.target)
      ? "ok"
      : "MISSED";
    rows.push([
      pagePath,
      ...scores.map(String),
      ...metrics.map((value, index) => (value * METRICS[index].scale).toFixed(METRICS[index].digits)),
      verdict,
    ]);
    const failed = [...new Set(runs.flatMap(failedAudits))];
    if (failed.length > 0) problems.set(pagePath, failed);
    process.stdout.write(" ".repeat(40) + "\r");
  }
  console.log();
  printTable(
    ["page", ...CATEGORIES.map((category) => category.label), ...METRICS.map((metric) => metric.label), "verdict"],
    rows,
  );
  console.log(`\nTargets: performance ≥ 95, accessibility 100, SEO 100 (median of ${RUNS} run(s)).`);
  for (const [pagePath, failed] of problems) console.log(`${pagePath}: ${failed.join("; ")}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  exitCode = 1;
} finally {
  if (app) {
    app.child.kill("SIGTERM");
    await new Promise((resolve) => app.child.once("exit", resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
