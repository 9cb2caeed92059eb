// How the worker answers pages and the few personal /api answers it keeps:
// the network first; past a short wait, or without a network, the last copy
// this browser kept for the account it is signed in as; for a page with
// neither, the offline page. Every answer that names its account (the
// server's OFFLINE_ACCOUNT_HEADER) goes through the account partitions,
// kept or not, so a logout seen on any request empties the caches.

import { START_URL } from "../addresses.ts";
import { accountOf, type AccountPartitions } from "./account-partition.ts";

export interface KeptCopiesOptions {
  /** The site's origin (the worker's): the start page's address is resolved against it. */
  origin: string;
  partitions: AccountPartitions;
  fetch: (request: Request) => Promise<Response>;
  /** Work that must outlive the answer (the copy being written). */
  waitUntil: (work: Promise<unknown>) => void;
  /** How long the network has before a kept copy is shown instead (the request still completes, and refreshes it). */
  timeoutMs: number;
  /** Most copies one account's cache holds; the oldest go first. */
  maxEntries: number;
  /** The offline page for this navigation (in the visitor's language). */
  offlinePage: (request: Request) => Promise<Response | undefined>;
  now?: () => number;
}

/** A page worth keeping: a complete HTML page its server did not forbid to store. */
export function isKeepablePage(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    (response.type === "basic" || response.type === "default") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !/\bno-store\b/i.test(response.headers.get("Cache-Control") ?? "")
  );
}

/**
 * A personal /api answer worth keeping (the worker keeps only those its
 * routes list). Their `no-store` speaks to shared caches: this copy stays in
 * the account's own cache, dropped with it.
 */
export function isKeepableJson(response: Response): boolean {
  return response.status === 200 && (response.headers.get("Content-Type") ?? "").startsWith("application/json");
}

export function keptCopies(options: KeptCopiesOptions) {
  const { partitions, waitUntil, timeoutMs, maxEntries } = options;
  const now = options.now ?? Date.now;

  async function trim(cache: Cache) {
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - maxEntries))) await cache.delete(key);
  }

  async function record(account: string, requestedAt: number, url: string, copy: Response | null) {
    const seen = await partitions.seen(account, requestedAt);
    // A new account's cache starts with the start page (unless this copy is that page).
    const { pathname, search } = new URL(url);
    if (seen?.created && pathname + search !== START_URL) waitUntil(prime([START_URL]));
    if (!seen || !copy) return;
    await seen.cache.put(url, copy);
    await trim(seen.cache);
  }

  /** Sends a request; its answer's account drives the partitions, and a keepable answer is copied. */
  async function send(request: Request, keepable?: (response: Response) => boolean): Promise<Response> {
    const requestedAt = now();
    const response = await options.fetch(request);
    const account = accountOf(response);
    if (account !== null) {
      // Cloned now, before the page starts reading the body.
      const copy = keepable?.(response) ? response.clone() : null;
      waitUntil(record(account, requestedAt, request.url, copy));
    }
    return response;
  }

  async function copyOf(url: string): Promise<Response | undefined> {
    const cache = await partitions.current();
    return cache?.match(url, { ignoreVary: true });
  }

  /** The network's answer, else (past the wait, or offline) the kept copy; undefined when there is neither. */
  async function networkFirst(
    request: Request,
    keepable: (response: Response) => boolean,
  ): Promise<Response | undefined> {
    const network = send(request, keepable);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<"waited">((resolve) => {
      timer = setTimeout(() => resolve("waited"), timeoutMs);
    });
    try {
      const first = await Promise.race([network, waited]);
      if (first !== "waited") return first;
      const copy = await copyOf(request.url);
      if (copy) {
        // Still on its way: it refreshes the copy for next time.
        waitUntil(network.catch(() => undefined));
        return copy;
      }
      return await network;
    } catch {
      return copyOf(request.url);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Keeps copies of these pages for the account signed in now (the start
   * page as soon as an account's cache begins: it is where the installed
   * app opens, and the builder keeps its own state on the device).
   */
  async function prime(paths: readonly string[]): Promise<void> {
    const cache = await partitions.current();
    for (const url of paths.map((path) => new URL(path, options.origin).href)) {
      if (await cache?.match(url, { ignoreVary: true })) continue;
      const request = new Request(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
      await send(request, isKeepablePage).catch(() => undefined);
    }
  }

  return {
    send,
    prime,

    /** A navigation: the page, its copy, the start page's copy (the builder restores itself), or the offline page. */
    async page(request: Request): Promise<Response> {
      const answer = await networkFirst(request, isKeepablePage);
      if (answer) return answer;
      const url = new URL(request.url);
      if (url.pathname === START_URL && url.search !== "") {
        const start = new URL(START_URL, url).href;
        // A builder address this browser never loaded: its plain page restores the state kept on the device.
        if (await copyOf(start)) return Response.redirect(start, 302);
      }
      const offline = await options.offlinePage(request);
      if (!offline) return Response.error();
      return new Response(offline.body, { status: 503, statusText: "Offline", headers: offline.headers });
    },

    /** A personal answer this worker keeps (app/pwa/worker/routes.ts lists them). */
    async personal(request: Request): Promise<Response> {
      return (await networkFirst(request, isKeepableJson)) ?? Response.error();
    },
  };
}
