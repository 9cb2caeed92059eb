// Compression, where it pays. The built assets (hashed, cached for a year)
// are compressed once at build time (vite.config.ts writes .br and .gz next
// to each file that shrinks) and sent as they are. Pages are compressed as
// they stream, with gzip: brotli at a speed fit for streaming is no smaller
// than gzip here (measured on the home page and the app's scripts), so it is
// kept for what is compressed ahead of time.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

const encodings = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name = "", ...params] = part.trim().split(";");
    const quality = params.find((param) => param.trim().startsWith("q="));
    return name.trim().toLowerCase() === encoding && (quality === undefined || Number(quality.trim().slice(2)) > 0);
  });
}

/**
 * zlib's level for pages and other answers made on the fly. Every signed-in
 * page is compressed anew, on the server's CPU. Measured on the signed-in
 * pages (76, 51 and 129 KB of HTML: `/`, `/exo`, `/historique`), levels
 * interleaved over ten rounds, level 4 against zlib's default 6: about a
 * third less CPU (0.77 against 1.13 ms for `/`, 1.30 against 1.75 ms for
 * `/historique`) for 3 to 5 % more bytes (15.4 against 15.0 KB for `/`, 21.8
 * against 20.8 KB for `/historique`). Level 1 saves a little more CPU for 8 to
 * 16 % more bytes.
 */
export const DYNAMIC_GZIP_LEVEL = 4;

/** Accept-Encoding without brotli: what the streaming compression of pages may use. */
export function withoutBrotli(header: string): string {
  return header
    .split(",")
    .filter((part) => part.trim().split(";")[0]!.trim().toLowerCase() !== "br")
    .join(",");
}

/** Before the streaming compression: pages and other answers made on the fly get gzip, not brotli. */
export function gzipForDynamicAnswers(req: Request, _res: Response, next: NextFunction) {
  const header = req.headers["accept-encoding"];
  if (typeof header === "string" && header.includes("br")) req.headers["accept-encoding"] = withoutBrotli(header);
  next();
}

/**
 * Mounted on /assets: sends the precompressed file the client accepts
 * (brotli first: it is only written where it beats gzip), else lets the
 * plain static files answer. The directory is read once, at start.
 */
export function precompressedAssets(assetsDir: string) {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(assetsDir));
  } catch {
    files = new Set();
  }
  return function servePrecompressed(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!name || name.includes("/") || !files.has(name)) return next();
    const header = req.headers["accept-encoding"];
    const encoding = encodings.find(
      (candidate) => files.has(name + candidate.extension) && acceptsEncoding(header, candidate.name),
    );
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(path.join(assetsDir, name + encoding.extension), { maxAge: "1y", immutable: true }, (error) => {
      if (error) next(error);
    });
  };
}
