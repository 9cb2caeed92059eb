// npm run bench:floor: the floor under the app's signed-in pages (issue 28).
//
// Serves one synthetic page with no app code at all (scripts/bench/router-floor-server.mjs)
// in a few ways, next to the bare node:http hello world of `npm run bench`,
// and prints each one's throughput, share of hello world and CPU time per
// answer, at the signed-in bench's 10 connections:
//
//   React alone           renderToPipeableStream straight to the socket, an empty page then the page
//   React Router, empty   framework mode's runtime, a page with nothing in it
//   React Router          the same runtime with the page of the app's size
//   React Router, gzip    the same, compressed with gzip as the app's server does
//   React Router, routes  and a route table of the app's size beside it
//
//   FLOOR_DURATION=5   seconds per measured run (after a 2 s warm-up)
//   FLOOR_ROUNDS=3     rounds of every configuration, back to back; the median is kept
import path from "node:path";
import { assertNodeVersion } from "./node-version.mjs";
import {
  cpuSecondsOf,
  formatNumber,
  pinning,
  printTable,
  root,
  runAutocannon,
  startServer,
  stopAll,
  stopServer,
} from "./bench/processes.mjs";

assertNodeVersion();

const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = positiveNumber("FLOOR_DURATION", 5);
const ROUNDS = positiveNumber("FLOOR_ROUNDS", 3);
/** Cards of five elements: 140 is about the element count of the app's home page (720). */
const APP_SIZED_CARDS = 140;
/** More routes beside the root and the page: 75 in all, as app/routes.ts has with its API and development routes. */
const APP_SIZED_ROUTES = 73;

const floorServer = path.join(root, "scripts/bench/router-floor-server.mjs");
const helloServer = path.join(root, "scripts/bench/hello-server.mjs");

const CONFIGURATIONS = [
  { label: "node:http hello world", script: helloServer, path: "/", env: {} },
  {
    label: "React alone, empty page",
    script: floorServer,
    path: "/seance",
    env: { FLOOR_MODE: "react", FLOOR_CARDS: "0" },
  },
  { label: "React alone, app-sized page", script: floorServer, path: "/seance", env: { FLOOR_MODE: "react" } },
  {
    label: "React Router, empty page",
    script: floorServer,
    path: "/seance",
    env: { FLOOR_MODE: "router", FLOOR_CARDS: "0" },
  },
  { label: "React Router, app-sized page", script: floorServer, path: "/seance", env: { FLOOR_MODE: "router" } },
  {
    label: "React Router, app-sized page, gzip",
    script: floorServer,
    path: "/seance",
    env: { FLOOR_MODE: "router", FLOOR_GZIP: "1" },
  },
  {
    label: "React Router, app-sized page and routes",
    script: floorServer,
    path: "/seance",
    env: { FLOOR_MODE: "router", FLOOR_ROUTES: String(APP_SIZED_ROUTES) },
  },
];

function positiveNumber(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
  return value;
}

/** One measured run: requests per second, p99 and the server's CPU time per answer. */
async function measure(configuration) {
  const server = await startServer(configuration.label, [process.execPath, configuration.script], {
    NODE_ENV: "production",
    FLOOR_CARDS: String(APP_SIZED_CARDS),
    ...configuration.env,
  });
  try {
    const url = `${server.origin}${configuration.path}`;
    const probe = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
    const bytes = (await probe.arrayBuffer()).byteLength;
    if (probe.status !== 200) throw new Error(`${configuration.label} answered ${probe.status}`);
    await runAutocannon(url, { seconds: WARMUP_SECONDS, connections: CONNECTIONS });
    const before = cpuSecondsOf(server.child.pid);
    const result = await runAutocannon(url, { seconds: DURATION_SECONDS, connections: CONNECTIONS });
    const after = cpuSecondsOf(server.child.pid);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${configuration.label}: failed answers under load`);
    return {
      bytes,
      requestsPerSecond: result.requests.average,
      p99: result.latency.p99,
      cpuMs: before === null || after === null ? null : ((after - before) * 1000) / result.requests.total,
    };
  } finally {
    await stopServer(server);
  }
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  console.log(
    `The floor under a server-rendered page: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_SECONDS} s; ` +
      `${pinning ? "server on core 0, load generator on core 1" : "unpinned"}; Node ${process.versions.node}.`,
  );
  const runs = CONFIGURATIONS.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, configuration] of CONFIGURATIONS.entries()) runs[index].push(await measure(configuration));
    console.log(`round ${round + 1} of ${ROUNDS} done`);
  }
  const helloPerSecond = median(runs[0].map((run) => run.requestsPerSecond));
  const rows = CONFIGURATIONS.map((configuration, index) => {
    const cpu = runs[index].map((run) => run.cpuMs).filter((value) => value !== null);
    const requestsPerSecond = median(runs[index].map((run) => run.requestsPerSecond));
    return [
      configuration.label,
      formatNumber(runs[index][0].bytes / 1024, 1),
      formatNumber(requestsPerSecond),
      `${formatNumber((100 * requestsPerSecond) / helloPerSecond, 2)} %`,
      formatNumber(median(runs[index].map((run) => run.p99)), 1),
      cpu.length > 0 ? formatNumber(median(cpu), 3) : "n/a",
    ];
  });
  console.log("");
  printTable(["Configuration", "HTML KiB", "req/s", "of hello world", "p99 ms", "CPU ms/answer"], rows, [
    false,
    true,
    true,
    true,
    true,
    true,
  ]);
  console.log(
    `\n1 % of hello world here is ${formatNumber(helloPerSecond / 100)} req/s, ` +
      `about ${formatNumber(100_000 / helloPerSecond, 2)} ms of CPU per answer on one core.`,
  );
} finally {
  await stopAll();
}
