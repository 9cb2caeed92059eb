import { isRouteErrorResponse } from "react-router";

// React Router hands every error it meets to entry.server's handleError. Most
// of those met on the open internet are the client's doing: a post to a page
// that has no form, a cross-site post it refused, a malformed data request.
// Those are one line each; a stack is printed only for a real server fault,
// so a flood of bad requests cannot bury the faults that matter.

const mutationMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** React Router refuses a post whose Origin is another site before any middleware runs. */
function isCrossOriginPost(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!mutationMethods.has(request.method) || !origin) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true; // "null" or garbage: refused as well
  }
}

/** The status and reason of an error the client caused, or null for a server fault. */
export function clientFault(error: unknown, request: Request): { status: number; reason: string } | null {
  if (isRouteErrorResponse(error) && error.status < 500) {
    return { status: error.status, reason: error.statusText || "refused" };
  }
  if (isCrossOriginPost(request)) return { status: 400, reason: "cross-origin post refused" };
  return null;
}

function describe(request: Request): string {
  const url = new URL(request.url);
  return `${request.method} ${`${url.pathname}${url.search}`.slice(0, 200)}`;
}

/** entry.server's handleError: nothing for an abandoned request, one line for a client fault, the stack otherwise. */
export function logRequestError(error: unknown, request: Request): void {
  if (request.signal.aborted) return;
  const fault = clientFault(error, request);
  if (fault) {
    console.warn(`${fault.status} ${describe(request)}: ${fault.reason}`);
    return;
  }
  console.error(error);
}
