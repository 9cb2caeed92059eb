// npm run load: the built app (production mode, SQLite) under 200 keep-alive
// connections for 60 s, each one a visitor from its own address who loads
// pages, signs in now and then and saves calculations (JSON API and page
// form). It checks what the hardening promised: no connection reset, no 5xx,
// no request over 5 s; and prints the latency figures by kind of request.
//
//   LOAD_CONNECTIONS=200 LOAD_DURATION=60 npm run load     (the defaults)
//   LOAD_SIGTERM_AFTER=30 npm run load     (SIGTERM to the server 30 s in: the
//     shutdown under load; each visitor stops once the server refuses its
//     connection, and the run also checks the server exited with code 0)
//
// Exit code 0 when the three promises hold, 1 otherwise, 2 when something it
// needs (the build, the server) fails to start.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import {
  build,
  formatNumber,
  pinned,
  pinning,
  printTable,
  root,
  startServer,
  stopAll,
  stopServer,
} from "./bench/processes.mjs";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

const CONNECTIONS = positive("LOAD_CONNECTIONS", 200);
const DURATION_SECONDS = positive("LOAD_DURATION", 60);
const SLOW_MS = 5_000;
const SIGTERM_AFTER_SECONDS = process.env.LOAD_SIGTERM_AFTER ? positive("LOAD_SIGTERM_AFTER", 0) : null;
/** Accounts the visitors sign in with (several visitors per account, each from its own address). */
const USERS = 20;
const PASSWORD = "load-test-password-123";
const PAGES = ["/", "/imc", "/outils", "/contact", "/calorie", "/mentions-legales", "/?lng=en", "/cookies"];
/**
 * One visitor's round of 40 requests: 1 sign-in, 4 history writes through
 * the API, 2 calculations saved through the page form, 33 pages. At the
 * speed the server answers 200 connections, a visitor signs in about once a
 * minute: password hashing is busy but not overloaded (past its queue's
 * limit a sign-in would get 503, which this run counts as a failure).
 */
const ROUND = [
  ["login"],
  ["page", "page", "api-write", "page", "page", "page", "form-write", "page", "page", "page"],
  ["api-write", "page", "page", "page", "page", "page", "page", "page", "page", "page"],
  ["page", "page", "api-write", "page", "page", "page", "form-write", "page", "page", "page"],
  ["api-write", "page", "page", "page", "page", "page", "page", "page", "page"],
].flat();

function stepsOfKind(kind) {
  return ROUND.filter((step) => step === kind).length;
}

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name} must be a positive whole number (got "${raw}").`);
    process.exit(2);
  }
  return value;
}

// ---------------------------------------------------------------------------
// The load generator: runs in its own process (pinned to core 1), writes its
// records to a file.

/** Each visitor connects from its own loopback address: per-address limits see 200 people, as they would. */
function visitorAddress(index) {
  return `127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`;
}

function send(agent, origin, { method, path: target, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      `${origin}${target}`,
      { method, agent, headers: { "Accept-Encoding": "gzip", ...headers } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          let payload = Buffer.concat(chunks);
          if (response.headers["content-encoding"] === "gzip") payload = gunzipSync(payload);
          resolve({ status: response.statusCode, ms: performance.now() - started, response, payload });
        });
        response.on("error", (error) =>
          resolve({ error: error.code ?? error.message, ms: performance.now() - started }),
        );
      },
    );
    request.on("error", (error) => resolve({ error: error.code ?? error.message, ms: performance.now() - started }));
    request.end(body);
  });
}

async function visitor(index, origin, until, records) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: visitorAddress(index) });
  const account = `load-${index % USERS}`;
  let token = null;
  let cookie = null;
  // Visitors start at different points of the round: sign-ins are spread out, not all at second 0.
  for (let step = index % ROUND.length; performance.now() < until; step += 1) {
    let kind = ROUND[step % ROUND.length];
    // Writes need a session: until the first sign-in, those steps load a page.
    if (!token && (kind === "api-write" || kind === "form-write")) kind = "page";
    let outcome;
    if (kind === "page") {
      outcome = await send(agent, origin, { method: "GET", path: PAGES[step % PAGES.length] });
    } else if (kind === "login") {
      outcome = await send(agent, origin, {
        method: "POST",
        path: "/api/login",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ identifier: account, password: PASSWORD }),
      });
      if (outcome.status === 200) {
        token = JSON.parse(outcome.payload.toString("utf8")).token;
        cookie = String(outcome.response.headers["set-cookie"]?.[0] ?? "").split(";")[0];
      }
    } else if (kind === "api-write") {
      outcome = await send(agent, origin, {
        method: "POST",
        path: "/api/history",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ action: "IMC_CALC", meta: { poids: 60 + (step % 40), taille: 170 } }),
      });
    } else {
      outcome = await send(agent, origin, {
        method: "POST",
        path: "/imc",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: `poids=${60 + (step % 40)}&taille=175`,
      });
    }
    records.push([kind, outcome.status ?? 0, Math.round(outcome.ms), outcome.error ?? ""]);
    // The server stopped listening (LOAD_SIGTERM_AFTER): nothing was sent, and there is nobody left to visit.
    if (outcome.error === "ECONNREFUSED") break;
    // As a well-behaved client: a 503 says when to come back (busy, or the server is restarting).
    const retryAfter = Number(outcome.response?.headers["retry-after"]);
    if (outcome.status === 503 && retryAfter > 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter * 1000, until - performance.now())));
    }
  }
  agent.destroy();
}

async function generate(origin, seconds, connections, outputFile) {
  const records = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, (_, index) => visitor(index, origin, until, records)));
  writeFileSync(outputFile, JSON.stringify(records));
}

if (process.argv[2] === "--generate") {
  const [, , , origin, seconds, connections, outputFile] = process.argv;
  await generate(origin, Number(seconds), Number(connections), outputFile);
  process.exit(0);
}

// ---------------------------------------------------------------------------
// The run

/** Verified accounts written straight into the database before the server starts. */
async function seedUsers(databaseUrl) {
  const { openStore } = await import("../app/store/open-store.server.ts");
  const { hashPassword } = await import("../app/services/auth/passwords.server.ts");
  const store = await openStore(databaseUrl);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    for (let index = 0; index < USERS; index += 1) {
      await store.users.create({
        pseudo: `load-${index}`,
        email: `load-${index}@example.test`,
        passwordHash,
        emailVerifiedAt: new Date(),
      });
    }
  } finally {
    await store.close();
  }
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function summarize(records) {
  const kinds = ["page", "login", "api-write", "form-write"];
  const rows = [];
  const all = { kind: "all", records };
  for (const group of [...kinds.map((kind) => ({ kind, records: records.filter((r) => r[0] === kind) })), all]) {
    const latencies = group.records.map((r) => r[2]).toSorted((a, b) => a - b);
    const statuses = {};
    const errors = {};
    for (const [, status, , error] of group.records) {
      if (error) errors[error] = (errors[error] ?? 0) + 1;
      else statuses[status] = (statuses[status] ?? 0) + 1;
    }
    rows.push({
      kind: group.kind,
      count: group.records.length,
      statuses,
      errors,
      resets: group.records.filter((r) => /ECONNRESET|EPIPE|socket hang up/i.test(r[3])).length,
      // Draining after LOAD_SIGTERM_AFTER, the server answers 503 on purpose (the client knows nothing was done).
      serverErrors: group.records.filter((r) => r[1] >= 500 && !(SIGTERM_AFTER_SECONDS !== null && r[1] === 503))
        .length,
      slow: latencies.filter((ms) => ms > SLOW_MS).length,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? 0,
    });
  }
  return rows;
}

const outputDir = path.join(root, "tests/.output");
mkdirSync(outputDir, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dynami-load-"));
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await stopAll();
    process.exit(130);
  });
}

let rows;
let serverLog = "";
let serverExitCode = 0;
try {
  console.log("Building the app…");
  build();
  const databaseUrl = `sqlite:${path.join(dataDir, "load.db")}`;
  await seedUsers(databaseUrl);
  // Unpinned: the server gets both cores, as deployed (its password hashing runs beside the event loop).
  const server = await startServer(
    "app server",
    [process.execPath, "app/server/main.ts"],
    {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      MAIL_DIR: path.join(dataDir, "mail"),
      SESSION_SECRET: "load-session-secret-not-for-production-0123456789",
    },
    { pin: false },
  );
  console.log(
    `Load: ${CONNECTIONS} keep-alive connections (one address each) for ${DURATION_SECONDS} s on ${server.origin}; ` +
      `each round of ${ROUND.length} requests: ${stepsOfKind("login")} sign-in, ${stepsOfKind("api-write")} API history writes, ` +
      `${stepsOfKind("form-write")} form writes, ${stepsOfKind("page")} pages; ` +
      `server on every core, load generator ${pinning ? "on core 1" : "unpinned"}; Node ${process.versions.node}.`,
  );
  const recordsFile = path.join(dataDir, "records.json");
  const [command, ...args] = pinned(1, [
    process.execPath,
    path.join(root, "scripts/load.mjs"),
    "--generate",
    server.origin,
    String(DURATION_SECONDS),
    String(CONNECTIONS),
    recordsFile,
  ]);
  const generator = spawn(command, args, { cwd: root, stdio: "inherit" });
  const serverExit = new Promise((resolve) => server.child.once("exit", (exitCode) => resolve(exitCode)));
  if (SIGTERM_AFTER_SECONDS !== null) {
    setTimeout(() => {
      console.log(`SIGTERM to the server, ${SIGTERM_AFTER_SECONDS} s in.`);
      server.child.kill("SIGTERM");
    }, SIGTERM_AFTER_SECONDS * 1000);
  }
  const code = await new Promise((resolve) => generator.once("exit", resolve));
  if (code !== 0) throw new Error(`the load generator exited with code ${code}`);
  if (SIGTERM_AFTER_SECONDS !== null) {
    serverExitCode = await serverExit;
    console.log(`The server exited with code ${serverExitCode} after SIGTERM.`);
  }
  await stopServer(server);
  serverLog = server.output;
  rows = summarize(JSON.parse(readFileSync(recordsFile, "utf8")));
} catch (error) {
  await stopAll();
  console.error(`\n${error.message}`);
  process.exit(2);
}

const total = rows.at(-1);
console.log("");
printTable(
  ["requests", "count", "p50 ms", "p99 ms", "max ms", "> 5 s", "5xx", "resets", "statuses / errors"],
  rows.map((row) => [
    row.kind,
    formatNumber(row.count),
    formatNumber(row.p50),
    formatNumber(row.p99),
    formatNumber(row.max),
    formatNumber(row.slow),
    formatNumber(row.serverErrors),
    formatNumber(row.resets),
    [
      ...Object.entries(row.statuses).map(([status, count]) => `${count}× ${status}`),
      ...Object.entries(row.errors).map(([error, count]) => `${count}× ${error}`),
    ].join(", "),
  ]),
  [false, true, true, true, true, true, true, true, false],
);
const verdict = total.resets === 0 && total.serverErrors === 0 && total.slow === 0 && serverExitCode === 0;
if (!verdict && serverLog.trim())
  console.log(`\nThe server's last lines:\n${serverLog.trim().split("\n").slice(-30).join("\n")}`);
console.log(
  `\n${formatNumber(total.count)} requests in ${DURATION_SECONDS} s (${formatNumber(total.count / DURATION_SECONDS)} req/s): ` +
    `${total.resets} resets, ${total.serverErrors} 5xx, ${total.slow} over 5 s; p50 ${total.p50} ms, p99 ${total.p99} ms. ` +
    (verdict ? "OK" : "FAILED"),
);
writeFileSync(
  path.join(outputDir, "load.json"),
  JSON.stringify({ connections: CONNECTIONS, seconds: DURATION_SECONDS, rows }, null, 2),
);
process.exit(verdict ? 0 : 1);
