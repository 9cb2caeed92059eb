// npm run profile-page -- <path> [seconds]: where a signed-in page's server time goes.
//
// Starts the built app (production, throw-away SQLite file with the bench's
// 1,000-session user) under `node --cpu-prof`, requests <path> with that
// user's session cookie for [seconds] (default 10) at 10 connections, stops
// the server, and prints the profile's self time by package and by function.
// The .cpuprofile file is kept (its path is printed) for Chrome's DevTools.
//
//   PROFILE_ANONYMOUS=1   request the page as a visitor instead (render cache included)
//   PROFILE_TOP=40        how many functions to list
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_SESSION_SECRET, seedDashboardUser, signedInCookieHeader } from "./bench/dashboard-user.mjs";
import { pinned, root, startServer, stopServer } from "./bench/processes.mjs";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

const pagePath = process.argv[2] ?? "/";
const seconds = Number(process.argv[3] ?? 10);
const top = Number(process.env.PROFILE_TOP ?? 40);
if (!pagePath.startsWith("/") || !(seconds > 0)) {
  console.error("usage: npm run profile-page -- <path starting with /> [seconds > 0]");
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "dynami-profile-"));
const profileDir = path.join(dataDir, "profile");
const databaseFile = path.join(dataDir, "profile.db");
const token = await seedDashboardUser(databaseFile);
const headers = process.env.PROFILE_ANONYMOUS === "1" ? {} : await signedInCookieHeader(token);

const app = await startServer(
  "app server",
  [process.execPath, "--cpu-prof", `--cpu-prof-dir=${profileDir}`, "app/server/main.ts"],
  {
    NODE_ENV: "production",
    DATABASE_URL: `sqlite:${databaseFile}`,
    MAIL_DIR: path.join(dataDir, "mail"),
    SESSION_SECRET: BENCH_SESSION_SECRET,
  },
);
try {
  const probe = await fetch(new URL(pagePath, app.origin), { headers });
  await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`${pagePath} answered ${probe.status}`);
  await load(`${app.origin}${pagePath}`, seconds);
} finally {
  await stopServer(app);
}

const [profileFile] = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
if (!profileFile) throw new Error("the server wrote no profile");
report(JSON.parse(readFileSync(path.join(profileDir, profileFile), "utf8")));
console.log(`\nProfile: ${path.join(profileDir, profileFile)}`);

function load(url, duration) {
  const args = [path.join(root, "node_modules/autocannon/autocannon.js"), "-c", "10", "-d", String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  const [command, ...rest] = pinned(1, [process.execPath, ...args, url]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, rest, { stdio: ["ignore", "ignore", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`autocannon exited with ${code}`))));
  });
}

/** Self time by package (or app folder) and by function, in percent of the sampled time. */
function report(profile) {
  const selfMicros = new Map();
  const deltas = profile.timeDeltas;
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index];
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[index] ?? 0));
  }
  const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
  const byGroup = new Map();
  const byFunction = new Map();
  for (const node of profile.nodes) {
    const micros = selfMicros.get(node.id) ?? 0;
    if (micros === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const group = groupOf(url, functionName);
    byGroup.set(group, (byGroup.get(group) ?? 0) + micros);
    const name = `${functionName || "(anonymous)"}  ${shortUrl(url)}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const idle = byGroup.get("(idle)") ?? 0;
  const busy = total - idle;
  const print = (title, map, limit) => {
    console.log(`\n${title} (percent of busy time, ${(busy / 1000).toFixed(0)} ms busy):`);
    for (const [name, micros] of [...map]
      .filter(([key]) => key !== "(idle)")
      .toSorted((a, b) => b[1] - a[1])
      .slice(0, limit)) {
      console.log(`${((100 * micros) / busy).toFixed(1).padStart(6)} %  ${name}`);
    }
  };
  print("By package", byGroup, 25);
  print("By function", byFunction, top);
}

function groupOf(url, functionName) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const parts = url.slice(modules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith("node:")) return "node:*";
  if (url.includes("/build/server/")) return "build/server (the app's bundle)";
  const relative = path.relative(root, url.replace(/^file:\/\//, ""));
  return relative.split(path.sep).slice(0, 3).join("/");
}

function shortUrl(url) {
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) return url.slice(modules + "node_modules/".length);
  return url.replace(/^file:\/\//, "").replace(`${root}/`, "");
}
