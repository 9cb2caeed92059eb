import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// Starts the real server process (app/server/main.ts) on the built app, for
// tests that need a whole process: start-up, probes, shutdown, several
// instances. npm test builds before running them.

const root = path.resolve(import.meta.dirname, "../..");
const mainFile = path.join(root, "app/server/main.ts");

export function assertBuilt(): void {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("These tests need the built app: run `npm run build` first (npm test does).");
  }
}

/** A port the OS just handed out, so parallel test runs never fight over one. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves once the app is ready and says so ("listening"); rejects if the process exits first. */
  listening: Promise<void>;
  output(): { stdout: string; stderr: string };
}

const started: ChildProcess[] = [];

/** In its own data folder, on SQLite there unless DATABASE_URL says otherwise. */
export function startServer(env: Record<string, string>, options: { script?: string } = {}): ServerProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dynami-server-"));
  const child = spawn(process.execPath, [options.script ? path.join(root, options.script) : mainFile], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      HOST: "127.0.0.1",
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
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

/** For afterEach: kills what is still running. */
export function killServers(): void {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
}
