import type { RouterContextProvider } from "react-router";
import { isLoopbackHost } from "~/config.server";
import { getClientAddress, getServices } from "~/context.server";

/**
 * Whether this request may see the development tools (the mail list, with
 * every reset and verification link). The server must have them on (outside
 * production, bound to loopback) and the request must come from this very
 * machine: a loopback peer, a loopback Host (a page of another site that
 * points its own name at 127.0.0.1 gets nothing) and no proxy in between.
 */
export function devToolsAllowed(context: Readonly<RouterContextProvider>, request: Request): boolean {
  if (!getServices(context).config.devTools.enabled) return false;
  if (!isLoopbackHost(getClientAddress(context))) return false;
  if (!isLoopbackHost(new URL(request.url).hostname)) return false;
  return !request.headers.has("X-Forwarded-For") && !request.headers.has("Forwarded");
}
