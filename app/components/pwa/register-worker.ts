// Registers the service worker (app/pwa/worker/sw.ts) and tells the page
// when a new version waits. Loaded on demand (offline-support.tsx): keep it
// small, it counts in every page's weight.
import { SERVICE_WORKER_PATH, SKIP_WAITING_MESSAGE } from "~/pwa/addresses";

/** An installed app can stay open for days: it looks for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** `offerUpdate` gets what 'Recharger' does: the waiting worker takes over, then the page reloads. */
export function registerWorker(offerUpdate: (apply: () => void) => void): void {
  const container = navigator.serviceWorker;
  const hadController = container.controller !== null;
  let chosen = false;
  container.addEventListener("controllerchange", () => {
    if (chosen) window.location.reload();
    // Another tab chose the new version (the first worker taking over is no update).
    else if (hadController) offerUpdate(() => window.location.reload());
  });
  container.register(SERVICE_WORKER_PATH).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // No registration (a browser or test harness that stubs the API, e.g. Playwright's blocked workers): as refused.
      if (!registration) return;
      const offer = (worker: ServiceWorker | null) => {
        if (!worker || !container.controller) return;
        offerUpdate(() => {
          chosen = true;
          // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's postMessage takes no origin
          worker.postMessage({ type: SKIP_WAITING_MESSAGE });
        });
      };
      // A new version found before this code ran may be waiting already, or still installing.
      const whenInstalled = (worker: ServiceWorker | null) =>
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed") offer(worker);
        });
      offer(registration.waiting);
      whenInstalled(registration.installing);
      registration.addEventListener("updatefound", () => whenInstalled(registration.installing));
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    // Refused (a private window, a blocked worker): the site works as before.
    () => undefined,
  );
}
