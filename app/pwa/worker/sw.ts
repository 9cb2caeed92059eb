/// <reference lib="webworker" />
// The service worker (/sw.js), built by vite-plugin-pwa with Workbox's
// injectManifest: Workbox precaches the build's files (the list is injected
// at self.__WB_MANIFEST, see vite.config.ts) and routes requests; the pages
// and the personal answers follow the account rules of kept-copies.ts.
//
// A new build's worker installs, then waits: the pages show 'Nouvelle
// version disponible' and 'Recharger' sends SKIP_WAITING
// (app/components/pwa/register-worker.ts).
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { offlinePagePath, SKIP_WAITING_MESSAGE, START_URL } from "../addresses.ts";
import { accountPartitions } from "./account-partition.ts";
import { keptCopies } from "./kept-copies.ts";
import { offlineLanguage } from "./offline-language.ts";
import { workerRouteOf } from "./routes.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  /** The Cookie Store API (Chromium): the language cookie, for the offline page. */
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
};

/** A page waits this long for the network before a kept copy shows (the gym's one bar of signal). */
const NETWORK_TIMEOUT_MS = 3_000;
const MAX_KEPT_COPIES = 100;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const partitions = accountPartitions(self.caches);

async function offlinePage(request: Request): Promise<Response | undefined> {
  const cookie = await self.cookieStore?.get("lng").catch(() => null);
  const language = offlineLanguage({
    url: new URL(request.url),
    cookieLanguage: cookie?.value ?? null,
    browserLanguages: self.navigator.languages,
  });
  return matchPrecache(offlinePagePath(language));
}

function copiesFor(event: ExtendableEvent) {
  const preload = event instanceof FetchEvent ? (event.preloadResponse as Promise<Response | undefined>) : null;
  return keptCopies({
    origin: self.location.origin,
    partitions,
    // A navigation uses the request the browser started while this worker woke up (navigation preload).
    fetch: async (request) =>
      (request.mode === "navigate" && (await preload?.catch(() => undefined))) || fetch(request),
    waitUntil: (work) => {
      try {
        event.waitUntil(work);
      } catch {
        // The event is over: the work still runs, only without holding the worker awake.
      }
    },
    timeoutMs: NETWORK_TIMEOUT_MS,
    maxEntries: MAX_KEPT_COPIES,
    offlinePage,
  });
}

// Not personal, and never changing under one address: React Router's route
// manifests (?version=) and the translations (/locales/<version>/…) the
// pages fetch when they navigate. The workout pages' translations are
// precached; these keep what else the visitor met.
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && (url.pathname === "/__manifest" || url.pathname.startsWith("/locales/")),
  new CacheFirst({ cacheName: "dynami-versioned", plugins: [new ExpirationPlugin({ maxEntries: 80 })] }),
);

const routeIs =
  (kind: string) =>
  ({ request }: { request: Request }) =>
    workerRouteOf(request, self.location.origin) === kind;
registerRoute(routeIs("page"), ({ request, event }) => copiesFor(event).page(request));
registerRoute(routeIs("personal"), ({ request, event }) => copiesFor(event).personal(request));
for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
  registerRoute(routeIs("watch"), ({ request, event }) => copiesFor(event).send(request), method);
}

self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// The first worker takes the open pages at once: the page that installed it
// already works offline (its session view and data load through it).
clientsClaim();

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.navigationPreload?.enable();
      // The start page, and the open pages without a query (a query may hold a one-time token).
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const plainPages = windows
        .map((client) => new URL(client.url))
        .filter((url) => url.origin === self.location.origin && url.search === "")
        .map((url) => url.pathname);
      await copiesFor(event).prime([...new Set([START_URL, ...plainPages])]);
    })(),
  );
});
