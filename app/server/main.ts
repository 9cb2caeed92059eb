// The one server process, for development (Vite in middleware mode, --dev)
// and production (the built app). Node runs this file directly (type
// stripping), so it imports only Node-ready modules; the app itself, with
// its store and context keys, is reached through the build's server entry.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider as RouterContext, ServerBuild } from "react-router";
import { type AppConfig, ConfigError, loadConfig } from "../config.server.ts";
import { gzipForDynamicAnswers, precompressedAssets } from "./compressed-assets.ts";
import { createRenderCache } from "./render-cache.ts";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.ts";

interface RunningApp {
  services: unknown;
  notices: string[];
  health(): Promise<{ store: string }>;
  close(): Promise<void>;
}

/** What app/entry.server.tsx exports beside the render function. */
interface AppEntryModule {
  startApp(config: AppConfig): Promise<RunningApp>;
  createLoadContext(
    services: unknown,
    request: { nonce: string; clientAddress: string },
    context: RouterContext,
  ): RouterContext;
}

const projectRoot = path.resolve(import.meta.dirname, "../..");
const isViteDev = process.argv.includes("--dev");
const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: AppConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : `Configuration error: ${String(error)}`);
}

// React and friends pick their build from NODE_ENV. The app's own notion of
// production (HSTS, required secret, no demo data) is config.env, read above.
// Set before React is loaded: hence the dynamic imports below.
process.env.NODE_ENV = isViteDev ? "development" : "production";
const { default: express } = await import("express");
const { default: compression } = await import("compression");
const { createRequestHandler } = await import("@react-router/express");
const { RouterContextProvider } = await import("react-router");

const appEntry = (build: ServerBuild) => build.entry.module as unknown as AppEntryModule;

async function loadBuild(): Promise<{
  getBuild: () => Promise<ServerBuild>;
  close?: () => Promise<void>;
  vite?: import("vite").ViteDevServer;
}> {
  if (isViteDev) {
    const vite = await import("vite");
    const server = await vite.createServer({
      root: projectRoot,
      server: { middlewareMode: true },
      appType: "custom",
    });
    return {
      vite: server,
      getBuild: () => server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      close: () => server.close(),
    };
  }
  const buildFile = path.join(buildDir, "server/index.js");
  if (!existsSync(buildFile)) fail("No build found: run `npm run build` (or `npm start`, which builds when needed).");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  return { getBuild: async () => build };
}

const { getBuild, close: closeVite, vite } = await loadBuild();
let currentBuild = await getBuild();

let running: RunningApp;
try {
  running = await appEntry(currentBuild).startApp(config);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const app = express();
app.disable("x-powered-by");
let shuttingDown = false;

app.use((_req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  res.set(securityHeaders({ nonce, isProduction: config.isProduction, isViteDev }));
  if (shuttingDown) res.set("Connection", "close");
  next();
});

// Pages for visitors without a session, served again for a few seconds
// (app/server/render-cache.ts). Not under Vite: code changes on every save.
const renderCache = vite
  ? null
  : createRenderCache({
      ttlMs: 10_000,
      maxEntries: 500,
      nonceOf: (res) => String(res.locals.nonce ?? ""),
      contentSecurityPolicy: (scriptHashes) =>
        contentSecurityPolicy({ scriptHashes, isProduction: config.isProduction, isViteDev }),
    });
if (renderCache) app.use(renderCache.serve);
if (!vite) app.use("/assets", precompressedAssets(path.join(buildDir, "client", "assets")));
app.use(gzipForDynamicAnswers);
app.use(compression());

app.get("/healthz", async (_req, res) => {
  try {
    const { store } = await running.health();
    res.set("Cache-Control", "no-store").json({ status: "ok", store, uptimeSeconds: Math.round(process.uptime()) });
  } catch (error) {
    res
      .status(503)
      .set("Cache-Control", "no-store")
      .json({ status: "error", message: error instanceof Error ? error.message : "store unreachable" });
  }
});

if (vite) {
  app.use(vite.middlewares);
} else {
  const clientDir = path.join(buildDir, "client");
  // Hashed file names: safe to cache for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  const serveStatic = express.static(clientDir, { maxAge: "1h", index: false, fallthrough: true });
  // Only file-like paths can be static files; pages skip the disk lookup.
  app.use((req, res, next) => (path.extname(req.path) ? serveStatic(req, res, next) : next()));
}
if (renderCache) app.use(renderCache.capture);

app.all(
  "/{*splat}",
  createRequestHandler({
    // Under Vite the build changes as files do: ask for it on each request.
    // A built app never changes: handing React Router the build itself lets
    // it prepare its routes once, not on every request.
    build: vite
      ? async () => {
          currentBuild = await getBuild();
          return currentBuild;
        }
      : currentBuild,
    mode: isViteDev ? "development" : "production",
    getLoadContext: (req, res) =>
      appEntry(currentBuild).createLoadContext(
        running.services,
        {
          nonce: String(res.locals.nonce),
          clientAddress: req.socket.remoteAddress ?? "unknown",
        },
        new RouterContextProvider(),
      ),
  }),
);

const server: Server = app.listen(config.port, config.host, () => {
  const shownHost = config.host === "127.0.0.1" || config.host === "0.0.0.0" ? "localhost" : config.host;
  for (const line of running.notices) console.log(line);
  console.log(
    `Dynami listening on http://${shownHost}:${config.port} (${isViteDev ? "development, Vite" : "built app"}, store: ${config.databaseUrl.split(":")[0]})`,
  );
});
server.on("error", (error: NodeJS.ErrnoException) => {
  fail(
    error.code === "EADDRINUSE" ? `Port ${config.port} is already in use: set PORT to another port.` : error.message,
  );
});

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing in-flight requests, then closing the store.`);
  const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
  forceTimer.unref();
  server.close(async () => {
    try {
      await running.close();
      await closeVite?.();
    } finally {
      process.exit(0);
    }
  });
  // Keep-alive connections go idle as their last response ends: close them
  // as they do, rather than waiting for the keep-alive timeout.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
