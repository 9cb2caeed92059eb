import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync, constants } from "node:zlib";
import { BENCH_SESSION_SECRET, seedDashboardUser, signedInCookieHeader } from "./bench/dashboard-user.mjs";
import { startServer, stopServer } from "./bench/processes.mjs";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "dynami-gz-"));
const databaseFile = path.join(dataDir, "p.db");
const token = await seedDashboardUser(databaseFile);
const headers = await signedInCookieHeader(token);
const app = await startServer("app", [process.execPath, "app/server/main.ts"], {
  NODE_ENV: "production", DATABASE_URL: `sqlite:${databaseFile}`, MAIL_DIR: path.join(dataDir, "mail"), SESSION_SECRET: BENCH_SESSION_SECRET,
});
try {
  for (const p of ["/", "/exo", "/historique"]) {
    const r = await fetch(new URL(p, app.origin), { headers: { ...headers, "accept-encoding": "identity" } });
    const html = Buffer.from(await r.arrayBuffer());
    writeFileSync(`/tmp/probe/${p.replace(/\//g, "_") || "_"}.html`, html);
    for (const level of [1, 3, 4, 6]) {
      const n = 200; let size = 0;
      const t = process.cpuUsage();
      for (let i = 0; i < n; i++) size = gzipSync(html, { level }).length;
      const u = process.cpuUsage(t);
      console.log(p, r.status, html.length, "level", level, size, ((u.user + u.system) / n / 1000).toFixed(3), "ms");
    }
  }
} finally { await stopServer(app); }
