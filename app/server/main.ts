// The one server process, for development (Vite in middleware mode, --dev)
// and production (the built app). Node runs this file directly (type
// stripping), so it imports only Node-ready modules; the app itself, with
// its store and context keys, is reached through the build's server entry.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider as RouterContext, ServerBuild } from "react-router";
import { type AppConfig, ConfigError, loadConfig } from "../config.server.ts";
import { bodyLimitFor } from "../lib/body-limits.ts";
import { CATALOGUE_URL_PATH, catalogueStaticOptions } from "./catalogue-static.ts";
import { isMultipartType, isWellFormedMultipart } from "../lib/multipart.server.ts";
import { closeAfterAnswer, hasBody, readBody, releaseUnreadBody } from "./request-body.ts";
import {
  bodyTooLargeRefusal,
  describeRequest,
  malformedBodyRefusal,
  handleServerError,
  isApiPath,
  REFUSALS,
  refusalFor,
  sendRefusal,
} from "./request-guard.ts";
import { DYNAMIC_GZIP_LEVEL, gzipForDynamicAnswers, precompressedAssets } from "./compressed-assets.ts";
import { installableAppFileHeaders } from "./installable-app-files.ts";
import { createRenderCache } from "./render-cache.ts";
import { contentSecurityPolicy, securityHeaders } from "./security-headers.ts";

interface RunningApp {
  services: unknown;
  notices: string[];
  checkStore(): Promise<"ok" | "unreachable">;
  close(): Promise<void>;
}

/** What app/entry.server.tsx exports beside the render function. */
interface AppEntryModule {
  startApp(config: AppConfig): Promise<RunningApp>;
  createLoadContext(
    services: unknown,
    request: {
      nonce: string;
      clientAddress: string;
      refusedBodyLimit?: number | null;
      refusedBodyAnsweredByRoute?: boolean;
    },
    context: RouterContext,
  ): RouterContext;
  /** Headers naming the account the answer leaves the browser signed in as (the service worker's caches). */
  offlineCacheHeaders(context: RouterContext): Promise<Record<string, string>>;
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
const { createRequestHandler, RouterContextProvider } = await import("react-router");
const { routeBodyRules, sendFetchResponse, toFetchRequest } = await import("./fetch-bridge.ts");

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

// Set once the store is open and the jobs run: until then the port answers
// the probes (/readyz says "starting") and 503 to everything else.
let running: RunningApp | undefined;

/**
 * The one shutdown state: false while serving; true from SIGTERM/SIGINT on.
 * While draining, requests already in flight finish, every answer closes its
 * connection, and a request that arrives on an open connection gets 503.
 * (A readiness endpoint reads this flag.)
 */
let draining = false;
/** Answers not finished yet: told to close their connection when draining starts. */
const openResponses = new Set<ServerResponse>();

const app = express();
app.disable("x-powered-by");
// The client's address (req.ip) comes from X-Forwarded-For only when the
// peer is a proxy TRUST_PROXY names: every per-address limit counts it.
app.set("trust proxy", config.trustProxy);

app.use((req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  res.set(securityHeaders({ nonce, isProduction: config.isProduction, isViteDev }));
  if (draining) {
    closeAfterAnswer(req, res);
    // The probes still answer: the process is alive until it exits, and
    // readiness says "draining" so a load balancer takes it out.
    if (req.path !== "/healthz" && req.path !== "/readyz") return sendRefusal(req, res, REFUSALS.draining);
  }
  const refusal = refusalFor(req);
  if (refusal) {
    console.warn(describeRequest(req, refusal.status, refusal.message));
    return sendRefusal(req, res, refusal);
  }
  openResponses.add(res);
  res.once("close", () => openResponses.delete(res));
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
      // Each request to the development tools is checked by their loaders (this machine only).
      neverCached: (requestPath) => requestPath === "/dev" || requestPath.startsWith("/dev/"),
      contentSecurityPolicy: (scriptHashes) =>
        contentSecurityPolicy({ scriptHashes, isProduction: config.isProduction, isViteDev }),
    });
if (renderCache) app.use(renderCache.serve);
if (!vite) app.use("/assets", precompressedAssets(path.join(buildDir, "client", "assets")));
app.use(gzipForDynamicAnswers);
app.use(compression({ level: DYNAMIC_GZIP_LEVEL }));

// Liveness, for a process supervisor: answering at all proves the process
// and its event loop work. It never asks the store: during a replica set
// election every instance would fail it at once and be restarted for nothing.
app.get("/healthz", (req, res) => {
  releaseUnreadBody(req, res);
  res.set("Cache-Control", "no-store").json({ status: "ok", uptimeSeconds: Math.round(process.uptime()) });
});

// Readiness, for a load balancer: 503 while starting and while draining at
// shutdown, so traffic goes elsewhere. A store that does not answer right now
// is reported but keeps the instance in: requests wait for a new primary,
// and taking every instance out at once would help no one.
async function answerReadiness(req: import("express").Request, res: import("express").Response) {
  releaseUnreadBody(req, res);
  res.set("Cache-Control", "no-store");
  if (!running) return void res.status(503).json({ status: "starting" });
  // checkStore never rejects (it answers "unreachable" instead).
  const store = await running.checkStore();
  res.status(draining ? 503 : 200).json({ status: draining ? "draining" : "ready", store });
}
app.get("/readyz", (req, res) => void answerReadiness(req, res));

app.use((req, res, next) => {
  if (running) return next();
  releaseUnreadBody(req, res);
  res.status(503).set({ "Retry-After": "5", "Cache-Control": "no-store" }).type("text/plain");
  res.send("Dynami démarre : réessaie dans un instant.");
});

// The exercise catalogue: a long cache, revalidated by ETag (from public/ under Vite, else from the build).
const staticRoot = vite ? path.join(projectRoot, "public") : path.join(buildDir, "client");
app.use(CATALOGUE_URL_PATH, express.static(path.join(staticRoot, CATALOGUE_URL_PATH), catalogueStaticOptions));

if (vite) {
  app.use(vite.middlewares);
} else {
  const clientDir = path.join(buildDir, "client");
  // Hashed file names: safe to cache for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  const serveStatic = express.static(clientDir, {
    maxAge: "1h",
    index: false,
    fallthrough: true,
    setHeaders: installableAppFileHeaders(clientDir),
  });
  // Only file-like paths can be static files; pages skip the disk lookup.
  app.use((req, res, next) => (path.extname(req.path) ? serveStatic(req, res, next) : next()));
}
if (renderCache) app.use(renderCache.capture);

const handleRequest = createRequestHandler(
  // Under Vite the build changes as files do: ask for it on each request.
  // A built app never changes: handing React Router the build itself lets
  // it prepare its routes once, not on every request.
  vite
    ? async () => {
        currentBuild = await getBuild();
        return currentBuild;
      }
    : currentBuild,
  isViteDev ? "development" : "production",
);

async function handleAppRequest(
  req: import("express").Request,
  res: import("express").Response,
  next: import("express").NextFunction,
) {
  try {
    // The body is read here, within its limit, before any route runs.
    let body: Buffer | null = null;
    let refusedBodyLimit: number | null = null;
    let refusedBodyAnsweredByRoute = false;
    if (req.method !== "GET" && req.method !== "HEAD" && hasBody(req)) {
      const rules = routeBodyRules(currentBuild, req.path);
      const limit = bodyLimitFor(req.get("Content-Type"), rules.bodyLimitBytes);
      const outcome = await readBody(req, limit);
      if (outcome.status === "too-large") {
        releaseUnreadBody(req, res, outcome.receivedBytes);
        console.warn(describeRequest(req, 413, `body over ${limit} bytes`));
        refusedBodyAnsweredByRoute = rules.answersTooLargeBody === true;
        if (isApiPath(req.path) && !refusedBodyAnsweredByRoute) {
          return sendRefusal(req, res, bodyTooLargeRefusal(limit));
        }
        // Pages answer with the app's own 413 page, in the visitor's language,
        // unless the route says it answers in its own words (it runs without the body).
        refusedBodyLimit = limit;
      } else {
        body = outcome.body;
        // A broken upload (cut off inside a part, a wrong boundary) is the
        // client's error: answered here, before any route or form parser meets it.
        const contentType = req.get("Content-Type");
        if (isMultipartType(contentType) && !(await isWellFormedMultipart(body, contentType ?? ""))) {
          console.warn(describeRequest(req, 400, "malformed multipart body"));
          return sendRefusal(req, res, malformedBodyRefusal);
        }
      }
    }
    const context = appEntry(currentBuild).createLoadContext(
      running!.services,
      {
        nonce: String(res.locals.nonce),
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        refusedBodyLimit,
        refusedBodyAnsweredByRoute,
      },
      new RouterContextProvider(),
    );
    const response = await handleRequest(toFetchRequest(req, res, body), context);
    res.set(await appEntry(currentBuild).offlineCacheHeaders(context));
    await sendFetchResponse(res, response);
  } catch (error) {
    // A client that went away mid-body has nobody left to answer; one that
    // stopped sending but still listens gets a 400 (BodyCutOffError).
    if (res.destroyed || !res.writable) return;
    next(error);
  }
}
app.all("/{*splat}", (req, res, next) => void handleAppRequest(req, res, next));

app.use((error: unknown, req: import("express").Request, res: import("express").Response, _next: unknown) =>
  handleServerError(error, req, res),
);

// The Host header is checked by the guard above (4xx in the app's format), not by Node.
const server = createServer({ requireHostHeader: false }, app);
// CONNECT never reaches express: refuse it the same way instead of dropping the socket.
server.on("connect", (req, socket) => {
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${REFUSALS.method.headers.Allow}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
});
server.listen(config.port, config.host);
server.on("error", (error: NodeJS.ErrnoException) => {
  fail(
    error.code === "EADDRINUSE" ? `Port ${config.port} is already in use: set PORT to another port.` : error.message,
  );
});

try {
  running = await appEntry(currentBuild).startApp(config);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (!server.listening) await once(server, "listening");
const shownHost = config.host === "127.0.0.1" || config.host === "0.0.0.0" ? "localhost" : config.host;
for (const line of running.notices) console.log(line);
console.log(
  `Dynami listening on http://${shownHost}:${config.port} (${isViteDev ? "development, Vite" : "built app"}, store: ${config.databaseUrl.split(":")[0]})`,
);

/** Quiet time before the listening socket closes at shutdown (see below). */
const LISTEN_QUIET_MS = 300;
let lastConnectionAt = 0;
server.on("connection", () => {
  lastConnectionAt = Date.now();
});

async function shutdown(signal: string) {
  if (draining) return;
  draining = true;
  console.log(`${signal} received: finishing in-flight requests, then closing the store.`);
  for (const res of openResponses) if (!res.headersSent) res.setHeader("Connection", "close");
  const forceTimer = setTimeout(() => server.closeAllConnections(), 10_000);
  forceTimer.unref();
  // Keep listening while requests are in flight and clients still connect:
  // closing the listening socket resets every connection the kernel has
  // accepted but Node has not yet taken (that client sees ECONNRESET for a
  // request nobody read). Until then each new request gets 503 and a close.
  // Stop listening once nothing is in flight and no connection arrived for
  // LISTEN_QUIET_MS, or after 5 s whatever happens.
  const listenUntil = Date.now() + 5_000;
  while (Date.now() < listenUntil && (openResponses.size > 0 || Date.now() - lastConnectionAt < LISTEN_QUIET_MS)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Leave the open connections be: closing an idle keep-alive connection
  // races with a request its client may be sending (that client would see a
  // reset). Each open connection closes after its next answer (a 503 for a
  // new request), or when its keep-alive timeout ends, which clients know
  // from the Keep-Alive header and respect.
  // (http.Server#close would also close the idle ones at once.)
  NetServer.prototype.close.call(server, async () => {
    try {
      await running?.close();
      await closeVite?.();
    } finally {
      process.exit(0);
    }
  });
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
