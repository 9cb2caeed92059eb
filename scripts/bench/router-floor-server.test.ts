import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

// The reproduction `npm run bench:floor` measures must serve the page it
// claims to, or its figures say nothing: checked here on each configuration.

const HOST = "127.0.0.1";
const serverScript = fileURLToPath(new URL("./router-floor-server.mjs", import.meta.url));
const servers: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

afterEach(() => {
  for (const server of servers.splice(0)) server.kill("SIGTERM");
});

async function startFloor(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverScript], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      if (output.includes("listening")) resolve();
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return `http://${HOST}:${port}`;
}

const cardsIn = (html: string) => html.split('<li class="card">').length - 1;

describe("the floor's reproduction server", () => {
  it("renders the page with React alone: the cards asked for, no router", async () => {
    const origin = await startFloor({ FLOOR_MODE: "react", FLOOR_CARDS: "12" });
    const response = await fetch(`${origin}/seance`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(cardsIn(html)).toBe(12);
    expect(html).toContain("<h3>Exercice 12</h3>");
    expect(html).not.toContain("__reactRouterContext");
  });

  it("renders the same page through React Router, with its loader data and hydration scripts", async () => {
    const origin = await startFloor({ FLOOR_MODE: "router", FLOOR_CARDS: "12", FLOOR_ROUTES: "5" });
    const response = await fetch(`${origin}/seance`, { headers: { "Accept-Encoding": "identity" } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(cardsIn(html)).toBe(12);
    expect(html).toContain("window.__reactRouterContext");
    // The loader's data goes to the browser too (turbo-stream escapes its quotes).
    expect(html).toMatch(/card-11\\?"/);
    expect(html).toContain('<link rel="modulepreload" href="/assets/page.js"/>');

    const unmatched = await fetch(`${origin}/autre-3/7`);
    expect(unmatched.status).toBe(200);
    expect(cardsIn(await unmatched.text())).toBe(0);
    expect((await fetch(`${origin}/nulle-part`)).status).toBe(404);
  });

  it("compresses with gzip when told to and the client accepts it, the page unchanged", async () => {
    const origin = await startFloor({ FLOOR_MODE: "router", FLOOR_CARDS: "12", FLOOR_GZIP: "1" });
    const compressed = await fetch(`${origin}/seance`, { headers: { "Accept-Encoding": "gzip" } });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    // fetch decompresses it, as a browser does.
    const html = await compressed.text();
    expect(cardsIn(html)).toBe(12);

    const plain = await fetch(`${origin}/seance`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
  });
});
