// npm run compare-pages -- [<git ref>]: proves that a change left every
// page's output as it was. It builds the working tree and the given commit
// (default: where the branch left main), serves each build in turn on a copy of the same seeded
// database, asks both for every page (signed out, signed in, as an admin, in
// the four languages, and the data answers of client navigations), and
// compares the answers byte for byte once the parts that change on every
// request are masked: the CSP nonce, the session form's start time and
// idempotency key, and the content hashes in the build's asset names. Both
// servers draw the same "random" greetings (Math.random seeded alike).
//
// It exits 1 when any page differs (printing where), 2 when it cannot run.
//
//   COMPARE_NO_BUILD=1   reuse the builds of the previous run
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCookie } from "react-router";
import { seedAdminUser, seedDashboardUser } from "./bench/dashboard-user.mjs";
import { root, startServer, stopAll, stopServer } from "./bench/processes.mjs";
import { assertNodeVersion } from "./node-version.mjs";

assertNodeVersion();

// By default, the commit this branch started from: main may have moved on since.
const baseRef =
  process.argv[2] ?? execFileSync("git", ["merge-base", "HEAD", "main"], { cwd: root, encoding: "utf8" }).trim();
// Under tests/.output: out of git, the type check, the linters and the test runner.
const workDir = path.join(root, "tests/.output/compare-pages");
const baseSource = path.join(workDir, "base-source");
const builds = {
  base: { label: `base (${baseRef})`, source: baseSource, buildDir: path.join(baseSource, "build") },
  current: { label: "working tree", source: root, buildDir: path.join(workDir, "current") },
};
const SESSION_SECRET = "compare-pages-session-secret-not-for-production-0123";

/** Addresses asked of both builds, as a visitor, the dashboard's user and an admin. */
const PAGES = [
  "/",
  "/?lng=en",
  "/?lng=de",
  "/?lng=es",
  "/?compte=login",
  "/?compte=create",
  "/?compte=forgot",
  "/?compte=history",
  "/outils",
  "/outils?onglet=calories",
  "/outils?compte=history",
  "/imc",
  "/calorie",
  "/calories",
  "/exo",
  "/exo?lng=en",
  "/exo?etape=2&type=muscu",
  "/exo?etape=3&type=muscu&equipement=halteres&muscle=pectoraux&choix=dumbbell-bench-press&choix=dumbbell-flyes",
  "/exo?mode=seance&choix=dumbbell-bench-press&choix=pushups&choix=running",
  "/exo?mode=seance&choix=dumbbell-bench-press&choix=pushups&choix=running&lng=de",
  "/historique",
  "/historique?lng=en",
  "/historique?lng=es",
  "/historique?supprimer=photo",
  "/mon-compte",
  "/mon-compte?lng=de",
  "/contact",
  "/mentions-legales",
  "/cookies",
  "/privacy-policy",
  "/not-found",
  "/page-qui-n-existe-pas",
  "/avis/nouveau",
  "/newsletter",
  "/newsletter/confirmer?token=x",
  "/newsletter/desinscription?token=x",
  "/verify-email?token=x",
  "/reset-password?token=x",
  "/mon-compte/supprime",
  "/admin",
  "/admin/newsletter/new",
  // What a client navigation fetches: the loaders' data, serialized.
  "/_root.data",
  "/exo.data",
  "/exo.data?mode=seance&choix=pushups",
  "/historique.data",
  "/mon-compte.data",
  "/outils.data?compte=history",
];

/** What changes from one request to the next, or from one build to the next, masked before comparing. */
const VARIABLE_PARTS = [
  // The per-request CSP nonce.
  [/nonce="[^"]*"/g, 'nonce="NONCE"'],
  // The session form's start (ms since 1970) and its finish's idempotency key.
  [/\b1[0-9]{12}\b/g, "TIME"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "UUID"],
  // Content hashes in the build's file names, and the manifest's version.
  [/(\/assets\/[\w.-]+?)-[\w-]{8}\.(js|css)/g, "$1-HASH.$2"],
  [/("version":\s*\\?")[0-9a-f]{8}(\\?")/g, "$1VERSION$2"],
  [/(manifest-)[0-9a-f]{8}(\.js)/g, "$1HASH$2"],
];

function mask(text) {
  return VARIABLE_PARTS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...options });
  if (result.error || result.status !== 0) {
    console.error(`${result.stdout ?? ""}${result.stderr ?? ""}`.trim().slice(-4000));
    throw new Error(`${command} ${args.join(" ")} failed (${result.error?.message ?? `exit code ${result.status}`})`);
  }
}

function buildBoth() {
  console.log(`Extracting ${baseRef} into ${path.relative(root, baseSource)}…`);
  rmSync(baseSource, { recursive: true, force: true });
  mkdirSync(baseSource, { recursive: true });
  const archive = execFileSync("git", ["archive", "--format=tar", baseRef], { cwd: root, maxBuffer: 1 << 30 });
  run("tar", ["-x", "-C", baseSource], { input: archive, stdio: ["pipe", "pipe", "pipe"] });
  for (const [name, build] of Object.entries(builds)) {
    console.log(`Building the ${build.label}…`);
    run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: build.source,
      env: { ...process.env, BUILD_DIR: build.buildDir },
    });
    if (!existsSync(path.join(build.buildDir, "server/index.js"))) throw new Error(`no server build for ${name}`);
  }
}

async function sessionCookie(token) {
  const cookie = createCookie("dynami_session", { path: "/", secrets: [SESSION_SECRET] });
  return (await cookie.serialize(token)).split(";")[0];
}

async function fetchAll(origin, visitors) {
  const answers = new Map();
  for (const [visitor, headers] of Object.entries(visitors)) {
    for (const page of PAGES) {
      const response = await fetch(new URL(page, origin), { headers, redirect: "manual" });
      const body = await response.text();
      const kept = ["content-type", "cache-control", "location", "x-robots-tag"]
        .map((name) => `${name}: ${response.headers.get(name) ?? "-"}`)
        .join("\n");
      answers.set(`${visitor} ${page}`, mask(`${response.status}\n${kept}\n\n${body}`));
    }
  }
  return answers;
}

/** The first differing stretch of two texts, with some context. */
function firstDifference(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  const from = Math.max(0, start - 120);
  return `  base:    …${JSON.stringify(a.slice(from, start + 160))}\n  current: …${JSON.stringify(b.slice(from, start + 160))}`;
}

let exitCode = 0;
try {
  if (!process.env.COMPARE_NO_BUILD) buildBoth();
  const databaseDir = path.join(workDir, "data");
  rmSync(databaseDir, { recursive: true, force: true });
  mkdirSync(databaseDir, { recursive: true });
  const seeded = path.join(databaseDir, "seed.db");
  const userToken = await seedDashboardUser(seeded);
  const adminToken = await seedAdminUser(seeded);
  const visitors = {
    visitor: {},
    "signed in": { Cookie: await sessionCookie(userToken) },
    admin: { Cookie: await sessionCookie(adminToken) },
  };
  const answers = {};
  for (const [name, build] of Object.entries(builds)) {
    // Each build reads its own copy of the same data (a server writes to its file).
    const database = path.join(databaseDir, `${name}.db`);
    copyFileSync(seeded, database);
    const server = await startServer(
      `${name} server`,
      // The same seed for Math.random: the builder's greetings and tips are drawn at random.
      [process.execPath, "--random-seed=2026", path.join(build.source, "app/server/main.ts")],
      {
        NODE_ENV: "production",
        BUILD_DIR: build.buildDir,
        DATABASE_URL: `sqlite:${database}`,
        MAIL_DIR: path.join(databaseDir, `${name}-mail`),
        SESSION_SECRET,
        APP_URL: "http://localhost:3000",
      },
      { pin: false },
    );
    try {
      answers[name] = await fetchAll(server.origin, visitors);
    } finally {
      await stopServer(server);
    }
  }
  const different = [...answers.base.keys()].filter((key) => answers.base.get(key) !== answers.current.get(key));
  const report = path.join(workDir, "differences.txt");
  writeFileSync(
    report,
    different.map((key) => `${key}\n${firstDifference(answers.base.get(key), answers.current.get(key))}`).join("\n\n"),
  );
  console.log(
    `\n${answers.base.size} answers compared (${PAGES.length} addresses × ${Object.keys(visitors).length} visitors), ` +
      `nonces, the session form's start and key, and asset hashes masked.`,
  );
  if (different.length === 0) {
    console.log("Every answer is the same, byte for byte.");
  } else {
    exitCode = 1;
    console.log(`${different.length} answer(s) differ (details in ${path.relative(root, report)}):`);
    for (const key of different)
      console.log(`- ${key}\n${firstDifference(answers.base.get(key), answers.current.get(key))}`);
  }
} catch (error) {
  console.error(`\n${error.message}`);
  exitCode = 2;
} finally {
  await stopAll();
}
process.exit(exitCode);
