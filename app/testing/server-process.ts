import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// For process-level tests: the real server (app/server/main.ts on the built
// app, which npm test builds first), real sockets.

const root = path.resolve(import.meta.dirname, "../..");
const mainFile = path.join(root, "app/server/main.ts");

export function assertBuilt(): void {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("These tests need the built app: run `npm run build` first (npm test does).");
  }
}

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  origin: string;
  dataDir: string;
  exited: Promise<number | null>;
  /** Resolves once the server prints that it listens; rejects if it exits first. */
  listening: Promise<void>;
  output(): { stdout: string; stderr: string };
  stop(): Promise<number | null>;
}

const started: ChildProcess[] = [];

/**
 * Starts the server (or another entry script, such as scripts/start.mjs) on a
 * fresh SQLite file (or the given data folder) and a free port.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; script?: string } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "dynami-server-"));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [options.script ? path.join(root, options.script) : mainFile], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", () => stdout.includes("listening") && resolve());
    void exited.then(() => reject(new Error(`server exited: ${stderr}`)));
  });
  listening.catch(() => {}); // awaited only by the tests that expect the server to start
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    exited,
    listening,
    output: () => ({ stdout, stderr }),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Kills what is left of the servers a test file started (in afterEach/afterAll). */
export function killStartedServers(): void {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
}

/** A raw TCP connection, collecting what the server sends. */
export async function rawConnection(port: number): Promise<{
  socket: Socket;
  received: () => string;
  closed: Promise<{ error: string | null }>;
  /** Resolves once what was received matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
}> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let received = "";
  let error: string | null = null;
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
  const closed = new Promise<{ error: string | null }>((resolve) => socket.on("close", () => resolve({ error })));
  return {
    socket,
    received: () => received,
    closed,
    async waitFor(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(received)) {
        if (Date.now() > deadline || socket.destroyed) {
          throw new Error(`no ${pattern} in: ${received.slice(0, 500)} (${error ?? "no error"})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
  };
}

/** Sends one raw request (with `Connection: close`) on a fresh connection; resolves with the whole answer once the server closes. */
export async function rawExchange(port: number, request: string): Promise<string> {
  const connection = await rawConnection(port);
  connection.socket.write(request);
  await connection.closed;
  return connection.received();
}

/** The resident memory of a process in MB (Linux), or null where /proc is missing. */
export async function residentMegabytes(pid: number): Promise<number | null> {
  const { readFile } = await import("node:fs/promises");
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
