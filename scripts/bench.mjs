// npm run bench: how fast the built app serves its pages, next to a bare
// node:http hello world on the same machine, and how much JavaScript each page
// makes a browser download. It only measures and prints: no thresholds, no
// pass/fail on the numbers. It exits non-zero only when something it needs
// (the build, a server, the load generator) fails to start.
//
//   BENCH_DURATION=2 npm run bench   quick try (seconds per measured run)
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  build,
  formatNumber,
  pinned,
  pinning,
  printTable,
  root,
  running,
  startServer,
  stopAll,
  stopServer,
} from "./bench/processes.mjs";
import { BENCH_IMC_RECORDS, BENCH_SESSIONS, seedDashboardUser } from "./bench/dashboard-user.mjs";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

const autocannonCli = path.join(root, "node_modules/autocannon/autocannon.js");
const helloServer = path.join(root, "scripts/bench/hello-server.mjs");

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = readDuration();

// The app pages measured under load, then weighed. The 404 page answers 404
// on purpose: those responses are the expected ones, not failures.
const APP_TARGETS = [
  { label: "/", path: "/", expectedStatus: 200 },
  { label: "/?lng=en", path: "/?lng=en", expectedStatus: 200 },
  { label: "404 page", path: "/page-qui-n-existe-pas", expectedStatus: 404 },
  { label: "/healthz", path: "/healthz", expectedStatus: 200 },
  // The workout builder at its first step, and at the proposed list (suggestions computed per request).
  { label: "/exo", path: "/exo", expectedStatus: 200 },
  {
    label: "/exo list",
    path: "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux",
    expectedStatus: 200,
  },
  // The session view (clock, cards, set popup code) with three exercises.
  {
    label: "/exo session",
    path: "/exo?mode=seance&choix=dumbbell-bench-press&choix=pushups&choix=running",
    expectedStatus: 200,
  },
];
/**
 * Targets also reported as a share of the home page's throughput. Measured
 * in pairs (home, then target) over several short rounds, the median ratio
 * kept: on a shared machine the load drifts between two long runs, much less
 * between two short ones back to back.
 */
const COMPARED_TO_HOME = ["/exo", "/exo list", "summary"];
const PAIRED_ROUNDS = 5;
/** Pages whose JavaScript is reported as the difference with the home page's. */
const JS_COMPARED_TO_HOME = ["/exo", "/exo list", "/exo session", "/historique"];
const WEIGHED_PAGES = APP_TARGETS.filter((target) => target.path !== "/healthz");
/** The dashboard's summary is also measured at this many connections, for its p99. */
const SUMMARY_CONNECTIONS = 10;

function readDuration() {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw.trim() === "") return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    console.error(`BENCH_DURATION must be a positive number of seconds (got "${raw}").`);
    process.exit(2);
  }
  return seconds;
}

const loadGenerators = new Set(); // autocannon processes
let dataDir = null; // the app's throw-away database and mail folder

// Ctrl-C or a kill of `npm run bench`: still stop the servers.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\n${signal} received: stopping the servers.`);
    for (const child of loadGenerators) child.kill("SIGTERM");
    await stopAll();
    process.exit(130);
  });
}

// Last resort, if this script dies of an uncaught error (say, its stdout
// closed) or is interrupted: no time left to wait, but at least no server
// and no temporary folder is left behind.
process.on("exit", () => {
  for (const { child } of running) child.kill("SIGTERM");
  for (const child of loadGenerators) child.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------
// Load: autocannon's CLI in its own process on core 1, JSON on stdout.

/** One autocannon run; resolves to its JSON result. */
function autocannon(url, seconds, { connections = CONNECTIONS, headers = {} } = {}) {
  const [command, ...args] = pinned(1, [
    process.execPath,
    autocannonCli,
    "--connections",
    String(connections),
    "--duration",
    String(seconds),
    // Like a browser: the app compresses its responses, and that is part of its cost.
    "--headers",
    "Accept-Encoding=gzip",
    ...Object.entries(headers).flatMap(([name, value]) => ["--headers", `${name}=${value}`]),
    "--json",
    "--no-progress",
    url,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    loadGenerators.add(child);
    child.once("exit", () => loadGenerators.delete(child));
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      const line = stdout.trim().split("\n").at(-1) ?? "";
      try {
        if (code !== 0) throw new Error(signal ?? `exit code ${code}`);
        resolve(JSON.parse(line));
      } catch (error) {
        reject(new Error(`autocannon failed on ${url} (${error.message}): ${(stderr || stdout).trim().slice(-1000)}`));
      }
    });
  });
}

/**
 * Warm-up run (thrown away: JIT, caches and keep-alive connections settle),
 * then the measured run. Returns the row of the results table.
 */
/** Home and target back to back, PAIRED_ROUNDS times; the median of the per-round ratios. */
async function measurePaired(homeUrl, target, origin) {
  const seconds = Math.max(1, Math.round(DURATION_SECONDS / 2));
  const url = new URL(target.path, origin).href;
  process.stdout.write(`  ${target.label.padEnd(12)} vs /: ${PAIRED_ROUNDS} rounds of ${seconds} s each… `);
  const options = { headers: target.headers ?? {} };
  await autocannon(url, WARMUP_SECONDS, options);
  const ratios = [];
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    const home = await autocannon(homeUrl, seconds);
    const other = await autocannon(url, seconds, options);
    ratios.push(other.requests.average / home.requests.average);
  }
  ratios.sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)];
  console.log(`${formatNumber(100 * median, 1)} %`);
  return { label: target.label, median, min: ratios[0], max: ratios.at(-1) };
}

async function measure(label, url, expectedStatus, options = {}) {
  process.stdout.write(`  ${label.padEnd(12)} warming up ${WARMUP_SECONDS} s, measuring ${DURATION_SECONDS} s… `);
  await autocannon(url, WARMUP_SECONDS, options);
  const result = await autocannon(url, DURATION_SECONDS, options);
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  const row = {
    label,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    // Responses with another status than the one this target should answer.
    unexpected: Object.entries(statusCounts)
      .filter(([status]) => Number(status) !== expectedStatus)
      .reduce((sum, [, count]) => sum + count, 0),
    expectedStatus,
    statusCounts,
    errors: result.errors, // includes timeouts
    timeouts: result.timeouts,
  };
  console.log(`${formatNumber(row.requestsPerSecond)} req/s`);
  return row;
}

// ---------------------------------------------------------------------------
// Page weight: the JavaScript a browser loads for each page, gzipped.

const jsSizes = new Map(); // url -> Promise<{ raw, gzip }>: each file fetched once

/** The value of attribute `name` in one HTML start tag, or null. */
function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return match ? (match[1] ?? match[2] ?? match[3]).replaceAll("&amp;", "&") : null;
}

/**
 * The JavaScript files a page loads: <script src>, <link rel="modulepreload">,
 * and the modules imported by inline module scripts (React Router's hydration
 * script imports the route modules and `import()`s the client entry).
 */
function javascriptUrls(html, pageUrl) {
  const found = new Set();
  const add = (specifier) => found.add(new URL(specifier, pageUrl).href);

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (rel.includes("modulepreload") && href) add(href);
  }
  for (const [, openTag, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)) {
    const src = attribute(openTag, "src");
    if (src) {
      add(src);
    } else if ((attribute(openTag, "type") ?? "").toLowerCase() === "module") {
      // import("…"), import x from "…", import "…" — module specifiers only,
      // not the URLs quoted in the route manifest (those load on navigation).
      const imports = /\bimport\s*\(\s*(["'])([^"']+)\1\s*\)|\bimport\s+(?:[\w*{}\s,$]+\s+from\s+)?(["'])([^"']+)\3/g;
      for (const match of body.matchAll(imports)) add(match[2] ?? match[4]);
    }
  }
  return [...found];
}

async function fetchJsSize(url) {
  if (!jsSizes.has(url)) {
    jsSizes.set(
      url,
      (async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        const body = Buffer.from(await response.arrayBuffer());
        return { raw: body.length, gzip: gzipSync(body).length };
      })(),
    );
  }
  return jsSizes.get(url);
}

async function weighPage({ label, path: pagePath, expectedStatus, headers }, origin) {
  const pageUrl = new URL(pagePath, origin).href;
  const response = await fetch(pageUrl, { headers });
  if (response.status !== expectedStatus)
    throw new Error(`${label} answered ${response.status}, expected ${expectedStatus}`);
  const html = Buffer.from(await response.arrayBuffer());
  const urls = javascriptUrls(html.toString("utf8"), pageUrl);
  const sizes = await Promise.all(urls.map(fetchJsSize));
  return {
    label,
    // The chart library must never be part of a page's first load.
    chartsLibrary: urls.some((url) => /apex/i.test(url)),
    htmlRaw: html.length,
    htmlGzip: gzipSync(html).length,
    jsFiles: urls.length,
    jsRaw: sizes.reduce((sum, size) => sum + size.raw, 0),
    jsGzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
  };
}

/** The dashboard's charts chunk (apexcharts with its React wrapper), which the dashboard imports on demand. */
function chartsChunkSize() {
  const assets = path.join(root, process.env.BUILD_DIR ?? "build", "client/assets");
  const file = readdirSync(assets).find((name) => /^apex-chart\.client-.*\.js$/.test(name));
  if (!file) return null;
  const body = readFileSync(path.join(assets, file));
  return { raw: body.length, gzip: gzipSync(body).length };
}

// ---------------------------------------------------------------------------
// Output

function formatBytes(bytes) {
  return `${formatNumber(bytes)} B (${formatNumber(bytes / 1024, 1)} KiB)`;
}

function statusCell(row) {
  let text = formatNumber(row.non2xx);
  if (row.expectedStatus !== 200 && row.non2xx > 0 && row.unexpected === 0)
    text += ` (all ${row.expectedStatus}, expected)`;
  else if (row.unexpected > 0) {
    const unexpected = Object.entries(row.statusCounts).filter(([status]) => Number(status) !== row.expectedStatus);
    text += ` (unexpected: ${unexpected.map(([status, count]) => `${formatNumber(count)}× ${status}`).join(", ")})`;
  }
  const errors =
    row.timeouts > 0
      ? `${formatNumber(row.errors)} (${formatNumber(row.timeouts)} timeouts)`
      : formatNumber(row.errors);
  return `${text} / ${errors}`;
}

// ---------------------------------------------------------------------------
// The run

const failures = []; // things that failed to start: the exit code says so
const loadRows = [];
const pairedRows = []; // targets against the home page, round by round
let pageWeights = [];
dataDir = mkdtempSync(path.join(os.tmpdir(), "dynami-bench-"));

try {
  console.log("Building the app…");
  build();

  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${DURATION_SECONDS} s measured per target, ` +
      `Accept-Encoding: gzip; ${pinning ? "server on core 0, load generator on core 1" : "unpinned"}; Node ${process.versions.node}.`,
  );

  // The dashboard's user, its 1,000 sessions and 200 IMC records written before the app opens the file.
  const databaseFile = path.join(dataDir, "bench.db");
  const summaryHeaders = { Authorization: `Bearer ${await seedDashboardUser(databaseFile)}` };
  const summaryTarget = {
    label: "summary",
    path: "/api/history/summary",
    expectedStatus: 200,
    headers: summaryHeaders,
  };
  console.log(
    `Dashboard user: ${BENCH_SESSIONS} sessions and ${BENCH_IMC_RECORDS} IMC records; "summary" is GET /api/history/summary.`,
  );

  // One server at a time, so they never compete for core 0.
  try {
    const app = await startServer("app server", [process.execPath, "app/server/main.ts"], {
      // A production server as deployed (production React, HSTS, no demo data),
      // on a throw-away SQLite database.
      NODE_ENV: "production",
      DATABASE_URL: `sqlite:${databaseFile}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      SESSION_SECRET: "bench-session-secret-not-for-production-0123456789",
    });
    try {
      console.log(`App server (${app.origin}):`);
      for (const target of [...APP_TARGETS, summaryTarget]) {
        loadRows.push(
          await measure(target.label, new URL(target.path, app.origin).href, target.expectedStatus, {
            headers: target.headers,
          }),
        );
      }
      loadRows.push(
        await measure(`summary @${SUMMARY_CONNECTIONS}`, new URL(summaryTarget.path, app.origin).href, 200, {
          headers: summaryHeaders,
          connections: SUMMARY_CONNECTIONS,
        }),
      );
      const homeUrl = new URL("/", app.origin).href;
      for (const target of [...APP_TARGETS, summaryTarget].filter((t) => COMPARED_TO_HOME.includes(t.label))) {
        pairedRows.push(await measurePaired(homeUrl, target, app.origin));
      }
      // Weighed after the load runs, while the app is still up; the dashboard as its user sees it.
      const dashboardPage = { label: "/historique", path: "/historique", expectedStatus: 200, headers: summaryHeaders };
      pageWeights = await Promise.all(
        [...WEIGHED_PAGES, dashboardPage].map((page) =>
          weighPage(page, app.origin).catch((error) => ({ label: page.label, error })),
        ),
      );
    } finally {
      await stopServer(app);
    }
  } catch (error) {
    failures.push(error.message);
    console.error(`\n${error.message}`);
  }

  let hello = null;
  try {
    const server = await startServer("hello-world server", [process.execPath, helloServer], {});
    try {
      console.log(`Hello world (${server.origin}):`);
      hello = await measure("hello world", `${server.origin}/`, 200);
    } finally {
      await stopServer(server);
    }
  } catch (error) {
    failures.push(error.message);
    console.error(`\n${error.message}`);
  }

  if (loadRows.length > 0 || hello) {
    console.log(
      `\nThroughput (requests/s is the average of the per-second samples; ratio = target req/s ÷ hello world req/s):\n`,
    );
    printTable(
      ["target", "req/s", "p99 ms", "vs hello world", "non-2xx / errors"],
      [...loadRows, ...(hello ? [hello] : [])].map((row) => [
        row.label,
        formatNumber(row.requestsPerSecond),
        formatNumber(row.p99, 1),
        hello ? `${formatNumber((100 * row.requestsPerSecond) / hello.requestsPerSecond, 1)} %` : "n/a",
        statusCell(row),
      ]),
      [false, true, true, true, false],
    );
  }

  if (pairedRows.length > 0) {
    console.log(`\nThroughput next to the home page (${PAIRED_ROUNDS} rounds of home then target, median ratio):\n`);
    printTable(
      ["target", "vs / (median)", "rounds from", "to"],
      pairedRows.map((row) => [
        row.label,
        `${formatNumber(100 * row.median, 1)} %`,
        `${formatNumber(100 * row.min, 1)} %`,
        `${formatNumber(100 * row.max, 1)} %`,
      ]),
      [false, true, true, true],
    );
  }

  if (pageWeights.length > 0) {
    console.log(`\nPage weight (each file gzipped with node:zlib at the default level):\n`);
    printTable(
      ["page", "JS files", "JS gzip", "JS raw", "HTML gzip", "HTML raw"],
      pageWeights.map((page) =>
        page.error
          ? [page.label, "-", `failed: ${page.error.message}`, "", "", ""]
          : [
              page.label,
              String(page.jsFiles),
              formatBytes(page.jsGzip),
              formatBytes(page.jsRaw),
              formatBytes(page.htmlGzip),
              formatBytes(page.htmlRaw),
            ],
      ),
      [false, true, true, true, true, true],
    );
    const chartPages = pageWeights.filter((page) => page.chartsLibrary).map((page) => page.label);
    console.log(
      `Chart library (apexcharts) in a page's first load: ${chartPages.length > 0 ? chartPages.join(", ") : "none"}.`,
    );
    const charts = chartsChunkSize();
    if (charts) {
      console.log(
        `Charts of /historique, loaded once the page runs (never on other pages): ${formatBytes(charts.gzip)} gzip.`,
      );
    }
    const homeWeight = pageWeights.find((page) => page.label === "/" && !page.error);
    for (const page of pageWeights.filter((p) => JS_COMPARED_TO_HOME.includes(p.label) && !p.error)) {
      if (!homeWeight) break;
      console.log(
        `JavaScript of ${page.label} beyond the home page's: ${formatBytes(page.jsGzip - homeWeight.jsGzip)} gzip` +
          ` (${page.jsFiles - homeWeight.jsFiles} more file(s)).`,
      );
    }
  }
} catch (error) {
  failures.push(error.message);
  console.error(`\n${error.message}`);
} finally {
  await stopAll();
}

if (failures.length > 0) {
  console.error(`\nBenchmark incomplete: ${failures.length} thing(s) failed to start.`);
  process.exitCode = 1;
}
