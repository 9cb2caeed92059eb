import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_CACHE_CONTROL, CATALOGUE_URL_PATH, catalogueStaticOptions } from "./catalogue-static.ts";

// Mounted as app/server/main.ts mounts it, over the committed files.
const publicDir = path.resolve(import.meta.dirname, "../../public");
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(CATALOGUE_URL_PATH, express.static(path.join(publicDir, CATALOGUE_URL_PATH), catalogueStaticOptions));
  app.use((_req, res) => res.status(404).send("fell through"));
  await new Promise<void>((resolve, reject) => {
    server = app.listen(0, "127.0.0.1", (error) => (error ? reject(error) : resolve()));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("GET /data/exo/{kind}.json", () => {
  it("answers the catalogue file with a long cache and an ETag", async () => {
    const response = await fetch(`${base}/data/exo/muscu.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe(CATALOGUE_CACHE_CONTROL);
    expect(response.headers.get("etag")).toMatch(/^(W\/)?"[^"]+"$/);
    const body = (await response.json()) as { exercises: unknown[] };
    expect(body.exercises.length).toBeGreaterThan(10);
  });

  it("answers 304 with no body when the ETag still matches, keeping the cache header", async () => {
    const first = await fetch(`${base}/data/exo/yoga.json`);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    // As a browser revalidates its cached copy. (fetch alone would add "Cache-Control: no-cache"
    // to a conditional request, which asks the server for a full answer.)
    const again = await fetch(`${base}/data/exo/yoga.json`, {
      headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe(CATALOGUE_CACHE_CONTROL);
    expect(await again.text()).toBe("");
  });

  it("answers 200 again when the client holds another version", async () => {
    const response = await fetch(`${base}/data/exo/yoga.json`, {
      headers: { "If-None-Match": '"stale"', "Cache-Control": "max-age=0" },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it("lets unknown names fall through to the app (its not-found page)", async () => {
    const response = await fetch(`${base}/data/exo/unknown.json`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("fell through");
  });
});
