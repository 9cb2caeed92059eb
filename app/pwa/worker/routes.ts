// Which requests the worker answers, and how. Everything else (assets it
// does not keep, photos, other origins) goes to the network untouched.

/**
 * Personal /api answers kept per account, network first: a page's own data
 * that must still show offline. The lifter's memory: the last sets of an
 * exercise (`GET /api/exercises/{id}/history`), which the set logger shows as
 * 'Dernière fois'; offline, the device shows what it last had.
 */
export const KEPT_API_PATHS: readonly RegExp[] = [/^\/api\/exercises\/[^/]+\/history$/];

export type WorkerRoute =
  /** A page: network first, the account's copy, the offline page. */
  | "page"
  /** A kept personal answer (KEPT_API_PATHS). */
  | "personal"
  /** Any other app request (the JSON API, React Router's data requests, writes included): only its answer's account is read. */
  | "watch";

export function workerRouteOf(request: Request, origin: string): WorkerRoute | null {
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  // A form sent without JavaScript is the browser's to send; the page it leads to is a GET navigation.
  if (request.mode === "navigate") return request.method === "GET" ? "page" : null;
  if (request.method === "GET" && KEPT_API_PATHS.some((path) => path.test(url.pathname))) return "personal";
  if (url.pathname.startsWith("/api/") || url.pathname.endsWith(".data")) return "watch";
  return null;
}
