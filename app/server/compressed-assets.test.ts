import { mkdtempSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gzipForDynamicAnswers, precompressedAssets, withoutBrotli } from "./compressed-assets.ts";

const script = "export const answer = 42;\n".repeat(200);
let server: Server;
let origin: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dynami-assets-"));
  writeFileSync(path.join(dir, "app-1.js"), script);
  writeFileSync(path.join(dir, "app-1.js.gz"), gzipSync(script));
  writeFileSync(path.join(dir, "app-1.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(dir, "plain-1.css"), "body{}");
  const app = express();
  app.use("/assets", precompressedAssets(dir));
  app.use(gzipForDynamicAnswers);
  app.use("/assets", express.static(dir));
  app.get("/echo", (req, res) => res.send(req.headers["accept-encoding"] ?? ""));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = (url: string, encoding: string) => fetch(`${origin}${url}`, { headers: { "Accept-Encoding": encoding } });

describe("precompressed assets", () => {
  it("sends the brotli file to a browser that takes it, else the gzip one, else the file itself", async () => {
    const brotli = await get("/assets/app-1.js", "gzip, deflate, br");
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Content-Type")).toMatch(/javascript/);
    expect(brotli.headers.get("Cache-Control")).toMatch(/immutable/);
    expect(await brotli.text()).toBe(script);

    const gzip = await get("/assets/app-1.js", "gzip");
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(script);

    const plain = await get("/assets/app-1.js", "identity");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(script);

    const refused = await get("/assets/app-1.js", "br;q=0, gzip");
    expect(refused.headers.get("Content-Encoding")).toBe("gzip");
  });

  it("lets the static files answer what has no compressed copy", async () => {
    const css = await get("/assets/plain-1.css", "br");
    expect(css.status).toBe(200);
    expect(await css.text()).toBe("body{}");
    expect((await get("/assets/missing.js", "br")).status).toBe(404);
  });

  it("keeps brotli for what is compressed ahead of time: answers made on the fly get gzip", async () => {
    expect(await (await get("/echo", "gzip, deflate, br, zstd")).text()).toBe("gzip, deflate, zstd");
    expect(withoutBrotli("br;q=1.0, gzip;q=0.8")).toBe(" gzip;q=0.8");
  });
});
