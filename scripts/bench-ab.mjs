// npm run bench:ab -- <other checkout> [paths…]: which of two versions of the
// app serves signed-in pages with less CPU, on a machine too noisy for two
// runs of `npm run bench` to tell.
//
// Both checkouts must be built (`npm run build` in each). Their servers run
// side by side on core 0, each from its own checkout (its own app/server/main.ts
// and build), on copies of one database seeded with the bench's signed-in user.
// Each page is then requested from one then the other, in short runs that
// alternate (the order flips every round, and each run follows a 1 s warm-up
// of its server), so a slow patch of the machine falls on both. Printed per page: each version's median CPU time per answer,
// and the median over rounds of this checkout's time over the other's.
//
//   AB_ROUNDS=8     rounds (each page, each version)
//   AB_SECONDS=2    seconds per run, at 10 connections, Accept-Encoding: gzip
import { copyFileSync, existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BENCH_SESSION_SECRET, seedDashboardUser, signedInCookieHeader } from "./bench/dashboard-user.mjs";
import {
  cpuSecondsOf,
  formatNumber,
  printTable,
  root,
  runAutocannon,
  startServer,
  stopAll,
  stopServer,
} from "./bench/processes.mjs";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

const [otherArgument, ...pathArguments] = process.argv.slice(2);
const paths = pathArguments.length > 0 ? pathArguments : ["/", "/exo", "/historique"];
const rounds = Number(process.env.AB_ROUNDS ?? 8);
const seconds = Number(process.env.AB_SECONDS ?? 2);
if (!otherArgument || !paths.every((page) => page.startsWith("/")) || !(rounds > 0) || !(seconds > 0)) {
  console.error("usage: npm run bench:ab -- <other checkout> [paths starting with /…]  (AB_ROUNDS, AB_SECONDS > 0)");
  process.exit(2);
}
const checkouts = [
  { label: "other", root: path.resolve(otherArgument) },
  { label: "this", root },
];
for (const checkout of checkouts) {
  if (!existsSync(path.join(checkout.root, "build/server/index.js"))) {
    console.error(`${checkout.root} has no build: run npm run build there first.`);
    process.exit(2);
  }
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dynami-ab-"));
  const seeded = path.join(dataDir, "seeded.db");
  const token = await seedDashboardUser(seeded);
  const headers = await signedInCookieHeader(token);
  for (const checkout of checkouts) {
    const databaseFile = path.join(dataDir, `${checkout.label}.db`);
    copyFileSync(seeded, databaseFile);
    checkout.server = await startServer(
      `${checkout.label} app`,
      [process.execPath, path.join(checkout.root, "app/server/main.ts")],
      {
        NODE_ENV: "production",
        DATABASE_URL: `sqlite:${databaseFile}`,
        MAIL_DIR: path.join(dataDir, `mail-${checkout.label}`),
        SESSION_SECRET: BENCH_SESSION_SECRET,
      },
    );
  }
  for (const page of paths) {
    for (const checkout of checkouts) {
      const probe = await fetch(new URL(page, checkout.server.origin), { headers });
      await probe.arrayBuffer();
      if (probe.status !== 200) throw new Error(`${checkout.label}: ${page} answered ${probe.status}`);
      await runAutocannon(new URL(page, checkout.server.origin).href, { seconds: 2, headers });
    }
  }
  console.log(
    `${rounds} rounds of ${seconds} s per page and version, alternating; this checkout (${root}) ` +
      `against ${checkouts[0].root}; Node ${process.versions.node}.`,
  );
  const cpu = new Map(paths.map((page) => [page, { other: [], this: [], ratios: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const page of paths) {
      const order = round % 2 === 0 ? checkouts : checkouts.toReversed();
      const perAnswer = {};
      for (const checkout of order) {
        // A server left idle while the other ran answers its first requests slower: warm it again first.
        await runAutocannon(new URL(page, checkout.server.origin).href, { seconds: 1, headers });
        const pid = checkout.server.child.pid;
        const before = cpuSecondsOf(pid);
        const result = await runAutocannon(new URL(page, checkout.server.origin).href, { seconds, headers });
        const after = cpuSecondsOf(pid);
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${checkout.label}: ${page} failed under load`);
        if (before === null || after === null) throw new Error("the server's CPU time cannot be read here (/proc)");
        perAnswer[checkout.label] = ((after - before) * 1000) / result.requests.total;
      }
      const row = cpu.get(page);
      row.other.push(perAnswer.other);
      row.this.push(perAnswer.this);
      row.ratios.push(perAnswer.this / perAnswer.other);
    }
    console.log(`round ${round + 1} of ${rounds} done`);
  }
  console.log("");
  printTable(
    ["page", "other ms/answer", "this ms/answer", "this ÷ other", "rounds from", "to"],
    paths.map((page) => {
      const row = cpu.get(page);
      return [
        page,
        formatNumber(median(row.other), 2),
        formatNumber(median(row.this), 2),
        formatNumber(median(row.ratios), 3),
        formatNumber(Math.min(...row.ratios), 3),
        formatNumber(Math.max(...row.ratios), 3),
      ];
    }),
    [false, true, true, true, true, true],
  );
} finally {
  for (const checkout of checkouts) if (checkout.server) await stopServer(checkout.server);
  await stopAll();
}
