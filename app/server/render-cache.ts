// Pages rendered for visitors without a session, kept a few seconds and
// served again, compressed once. Most visits are anonymous and see the same
// page for the same address, language, theme and consent: rendering and
// compressing it for each of them was most of the server's work.
//
// What may never come from here: anything personal or tied to one request.
//   - Only GET requests without credentials are served or stored: an
//     Authorization header, or any cookie beyond the three preferences below
//     (the session, the account flash message...), bypasses the cache.
//   - Only complete 200 HTML answers without Set-Cookie and without
//     Cache-Control no-store/private are stored.
//   - The key holds everything else the page depends on: the full address,
//     the preference cookies, Accept, Accept-Language and the system theme hint.
//   - The Content-Security-Policy stays strict: the stored page loses the
//     nonce it was rendered with, and each answer from the cache allows its
//     inline scripts by their SHA-256 hashes instead (never a reused nonce).
//
// When a page's time is up, one request renders it again while the others
// are still served the page it replaces (for at most `staleMs` more): without
// that, every visitor arriving in that instant rendered the same page at once,
// and a busy page paid a burst of renders every ttlMs.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const brotliAsync = promisify(brotliCompress);

/** Cookies a page may depend on for an anonymous visitor (language, theme, consent choice). */
export const preferenceCookies = ["lng", "theme", "cookie_consent"] as const;

/** Headers of the stored answer that are the cache's to set, or belong to one response only. */
const headersNotStored = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "x-render-cache",
]);

export interface RenderCacheOptions {
  /** How long a stored page is served, in milliseconds. */
  ttlMs: number;
  /** After ttlMs, how long it is still served while one request renders it again (default: ttlMs). */
  staleMs?: number;
  /** Most pages kept; the least recently used goes first. */
  maxEntries: number;
  /** The Content-Security-Policy of an answer from the cache, given its inline scripts' hashes. */
  contentSecurityPolicy: (scriptHashes: string[]) => string;
  /** The per-request nonce set by the security headers (res.locals.nonce). */
  nonceOf: (res: Response) => string;
  /**
   * Addresses never served from nor kept in the cache, whatever their
   * answer says: pages whose loader decides per request who may see them
   * (the development tools), which a copy would skip.
   */
  neverCached?: (path: string) => boolean;
  now?: () => number;
}

interface Entry {
  storedAt: number;
  status: number;
  headers: [string, string | string[]][];
  csp: string;
  identity: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => name !== "");
}

function cookieValue(header: string | undefined, name: string): string {
  for (const pair of (header ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return "";
}

/** Whether this request may be answered from (and fill) the cache. */
export function isCacheableRequest(req: Pick<Request, "method" | "headers">): boolean {
  if (req.method !== "GET") return false;
  if (req.headers.authorization) return false;
  const allowed: readonly string[] = preferenceCookies;
  return cookieNames(req.headers.cookie).every((name) => allowed.includes(name));
}

export function cacheKey(req: Pick<Request, "originalUrl" | "headers">): string {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(",") : (value ?? "");
  };
  return [
    req.originalUrl,
    ...preferenceCookies.map((name) => cookieValue(req.headers.cookie, name)),
    header("accept"),
    header("accept-language"),
    header("sec-ch-prefers-color-scheme"),
  ].join("\n");
}

const inlineScriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** SHA-256 sources ('sha256-…') of the inline scripts a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(inlineScriptPattern)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The encodings a client accepts (a q of 0 refuses). */
function accepts(req: Request, encoding: "br" | "gzip"): boolean {
  const header = req.headers["accept-encoding"];
  if (typeof header !== "string") return false;
  return header.split(",").some((part) => {
    const [name = "", ...params] = part.trim().split(";");
    const quality = params.find((param) => param.trim().startsWith("q="));
    return name.trim().toLowerCase() === encoding && (quality === undefined || Number(quality.trim().slice(2)) > 0);
  });
}

export function createRenderCache(options: RenderCacheOptions) {
  const entries = new Map<string, Entry>();
  /** Keys whose page one request is rendering again, its older copy served meanwhile. */
  const refreshing = new Set<string>();
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? options.ttlMs;

  /** The stored page for a key, and whether its time is up; null once even a stale copy is too old. */
  function lookup(key: string): { entry: Entry; stale: boolean } | null {
    const entry = entries.get(key);
    if (!entry) return null;
    const age = now() - entry.storedAt;
    if (age > options.ttlMs + staleMs) {
      entries.delete(key);
      return null;
    }
    // Most recently used last: the first key is the one to drop.
    entries.delete(key);
    entries.set(key, entry);
    return { entry, stale: age > options.ttlMs };
  }

  function store(key: string, entry: Entry) {
    entries.set(key, entry);
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  }

  /**
   * A stored page is compressed once it is asked for again, not when it is
   * stored: addresses nobody asks twice (say, random query strings) cost no
   * compression. gzip right away (a millisecond or two), brotli at its best
   * off the main thread, used once ready and only where it beats gzip.
   */
  function compress(entry: Entry) {
    if (entry.gzip) return;
    const gzipped = gzipSync(entry.identity, { level: 9 });
    entry.gzip = gzipped;
    brotliAsync(entry.identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
      },
    }).then(
      (brotli) => {
        if (brotli.length < gzipped.length) entry.brotli = brotli;
      },
      (error: unknown) => console.error("Render cache:", error),
    );
  }

  const cacheable = (req: Request) => isCacheableRequest(req) && !options.neverCached?.(req.path);

  /** Before compression: answers from the cache, or lets the request through. */
  function serve(req: Request, res: Response, next: NextFunction) {
    if (!cacheable(req)) {
      res.setHeader("X-Render-Cache", "bypass");
      return next();
    }
    const key = cacheKey(req);
    const found = lookup(key);
    if (!found) return next();
    const { entry, stale } = found;
    if (stale && !refreshing.has(key)) {
      // This request renders the page again (capture stores it); the others keep the older copy meanwhile.
      refreshing.add(key);
      res.on("close", () => refreshing.delete(key));
      return next();
    }
    compress(entry);
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("X-Render-Cache", stale ? "stale" : "hit");
    res.setHeader("Vary", "Accept-Encoding");
    let body = entry.identity;
    if (entry.brotli && accepts(req, "br")) {
      body = entry.brotli;
      res.setHeader("Content-Encoding", "br");
    } else if (entry.gzip && accepts(req, "gzip")) {
      body = entry.gzip;
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  /**
   * After compression, right before the app: keeps what the app writes
   * (uncompressed) and stores it once the answer is complete, if it may be.
   */
  function capture(req: Request, res: Response, next: NextFunction) {
    if (!cacheable(req)) return next();
    const key = cacheKey(req);
    res.setHeader("X-Render-Cache", "miss");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const result = (end as (...args: unknown[]) => Response)(chunk, ...rest);
      if (isStorable(res)) {
        const nonce = options.nonceOf(res);
        let html = Buffer.concat(chunks).toString("utf8");
        if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
        const headers = Object.entries(res.getHeaders())
          .filter(([name]) => !headersNotStored.has(name.toLowerCase()))
          .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
        store(key, {
          storedAt: now(),
          status: res.statusCode,
          headers,
          csp: options.contentSecurityPolicy(inlineScriptHashes(html)),
          identity: Buffer.from(html, "utf8"),
          gzip: null,
          brotli: null,
        });
      }
      return result;
    }) as typeof res.end;
    next();
  }

  return { serve, capture, size: () => entries.size };
}

function isStorable(res: Response): boolean {
  if (res.statusCode !== 200) return false;
  if (!String(res.getHeader("Content-Type") ?? "").startsWith("text/html")) return false;
  if (res.getHeader("Set-Cookie") !== undefined) return false;
  return !/\b(no-store|private)\b/i.test(String(res.getHeader("Cache-Control") ?? ""));
}
