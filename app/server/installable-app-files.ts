// Headers of the installable app's static files (build/client). The service
// worker's script must never come from a cache: the browser compares it byte
// for byte on each visit to find a new version, so `no-cache` (revalidate
// every time) rather than the hour the other files get. Its scope is the
// whole site because it is served from the root (no Service-Worker-Allowed
// needed); the manifests get `application/manifest+json` from their
// .webmanifest extension.
import type { ServerResponse } from "node:http";
import path from "node:path";
import { SERVICE_WORKER_PATH } from "../pwa/addresses.ts";

/** serve-static's setHeaders for the files under `clientDir`. */
export function installableAppFileHeaders(clientDir: string) {
  const serviceWorkerFile = path.join(clientDir, SERVICE_WORKER_PATH);
  return (res: ServerResponse, filePath: string): void => {
    if (path.resolve(filePath) === serviceWorkerFile) res.setHeader("Cache-Control", "no-cache");
  };
}
