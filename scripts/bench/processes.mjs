// Shared by `npm run bench` and `npm run load`: CPU pinning and the servers
// they start, each tracked so it is stopped even when a run fails half-way.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const HOST = "127.0.0.1";

// ---------------------------------------------------------------------------
// CPU pinning: server on core 0, load generator on core 1, so the two do not
// steal CPU time from each other and the numbers are comparable between runs.

function canPin(core) {
  const probe = spawnSync("taskset", ["-c", String(core), "true"], { stdio: "ignore" });
  return !probe.error && probe.status === 0;
}

export const pinning = canPin(0) && canPin(1);
if (!pinning) {
  const why = spawnSync("taskset", ["--version"], { stdio: "ignore" }).error
    ? "taskset is not installed"
    : "cores 0 and 1 are not both available";
  console.warn(`Warning: ${why}; running unpinned (server and load generator share the CPUs, numbers are noisier).`);
}

/** The command line for `argv`, pinned to `core` when pinning works. */
/** Ticks per second of /proc/<pid>/stat's CPU times (USER_HZ), asked once; 100 where getconf cannot say. */
const clockTicks = (() => {
  const answer = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const ticks = Number(answer.stdout?.trim());
  return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
})();

/**
 * CPU seconds a process has used so far (user + system, all its threads), or
 * null where /proc does not tell (not Linux, process gone).
 */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name in parentheses may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 (utime) and 15 (stime) of proc(5), here at 11 and 12 counting from field 3.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

export function pinned(core, argv) {
  return pinning ? ["taskset", "-c", String(core), ...argv] : argv;
}

// ---------------------------------------------------------------------------
// Servers

export const running = new Set();

/** A free TCP port on HOST (asked of the OS, so runs never collide). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server (on core 0 unless told otherwise) and resolves once it
 * prints "listening". Rejects, with the server's last output, if it exits
 * first or takes longer than 60 s.
 */
export async function startServer(name, argv, env, { pin = true } = {}) {
  const port = await freePort();
  const [command, ...args] = pin ? pinned(0, argv) : argv;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = { name, child, port, origin: `http://${HOST}:${port}`, output: "" };
  running.add(server);
  // Keep the tail of the output for error messages; the logs are not shown otherwise.
  const keep = (chunk) => (server.output = (server.output + chunk).slice(-4000));
  child.stdout.setEncoding("utf8").on("data", keep);
  child.stderr.setEncoding("utf8").on("data", keep);

  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('did not print "listening" within 60 s')), 60_000);
      const done = (fn, value) => {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        child.off("exit", onExit);
        child.off("error", onError);
        fn(value);
      };
      const onData = () => server.output.includes("listening") && done(resolve);
      const onExit = (code, signal) => done(reject, new Error(`exited (${signal ?? `code ${code}`}) before listening`));
      const onError = (error) => done(reject, error);
      child.stdout.on("data", onData);
      child.once("exit", onExit);
      child.once("error", onError);
    });
  } catch (error) {
    await stopServer(server);
    throw new Error(`${name} failed to start: ${error.message}\n${server.output.trim()}`, { cause: error });
  }
  return server;
}

/** SIGTERM, then wait for a clean exit; SIGKILL only if it hangs (15 s). */
export async function stopServer(server) {
  running.delete(server);
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  child.kill("SIGTERM");
  const hung = new Promise((resolve) => setTimeout(() => resolve(null), 15_000).unref());
  const result = await Promise.race([exited, hung]);
  if (result === null) {
    console.warn(`Warning: ${server.name} did not exit within 15 s of SIGTERM: killing it.`);
    child.kill("SIGKILL");
    await exited;
  } else if (result.code !== 0) {
    console.warn(`Warning: ${server.name} exited with ${result.signal ?? `code ${result.code}`} after SIGTERM.`);
  }
}

export async function stopAll() {
  await Promise.all([...running].map(stopServer));
}

/** `npm run build`, its output shown only when it fails. */
export function build() {
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  if (result.error || result.status !== 0) {
    console.error(`${result.stdout ?? ""}${result.stderr ?? ""}`.trim());
    throw new Error(`the build failed (${result.error?.message ?? `exit code ${result.status}`})`);
  }
}

export function formatNumber(value, digits = 0) {
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function printTable(headers, rows, alignRight) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells) =>
    cells
      .map((cell, column) => (alignRight[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------
// Load

/**
 * One autocannon run on core 1 (pinning allowing), like a browser asking for
 * gzip, with `headers` added; resolves with autocannon's JSON result.
 */
export function runAutocannon(url, { seconds, connections = 10, headers = {} }) {
  const [command, ...args] = pinned(1, [
    process.execPath,
    path.join(root, "node_modules/autocannon/autocannon.js"),
    "--connections",
    String(connections),
    "--duration",
    String(seconds),
    "--json",
    "--no-progress",
    "--headers",
    "Accept-Encoding=gzip",
    ...Object.entries(headers).flatMap(([name, value]) => ["--headers", `${name}=${value}`]),
    url,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      try {
        if (code !== 0) throw new Error(`exit code ${code}`);
        resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
      } catch (error) {
        reject(new Error(`autocannon failed on ${url}: ${error.message}`));
      }
    });
  });
}
