import { createContext, RouterContextProvider } from "react-router";
import type { AppConfig } from "~/config.server";
import type { Mailer } from "~/services/mail/outbox.server";
import type { Store } from "~/store/types";

/** Long-lived things the server process builds once and every request shares. */
export interface AppServices {
  config: AppConfig;
  store: Store;
  mailer: Mailer;
}

export const appServicesContext = createContext<AppServices>();
/** Per-request Content-Security-Policy nonce, set by the HTTP server. */
export const nonceContext = createContext<string>("");
/** The peer address of the request (for rate limits), set by the HTTP server. */
export const clientAddressContext = createContext<string>("unknown");
/**
 * Set by the HTTP server when the body passed its limit (bytes): the body was
 * not read, and the root middleware answers 413 with the page.
 */
export const refusedBodyLimitContext = createContext<number | null>(null);
/** Set with refusedBodyLimitContext when the route answers a body past its limit itself (handle.answersTooLargeBody). */
export const refusedBodyAnsweredByRouteContext = createContext<boolean>(false);

export interface RequestFacts {
  nonce: string;
  clientAddress: string;
  refusedBodyLimit?: number | null;
  refusedBodyAnsweredByRoute?: boolean;
}

/**
 * The HTTP server passes its own provider: under Vite in development the app
 * may see another copy of react-router, and the request handler checks the
 * provider's class against its own.
 */
export function createLoadContext(
  services: AppServices,
  request: RequestFacts,
  context: RouterContextProvider = new RouterContextProvider(),
): RouterContextProvider {
  context.set(appServicesContext, services);
  context.set(nonceContext, request.nonce);
  context.set(clientAddressContext, request.clientAddress);
  context.set(refusedBodyLimitContext, request.refusedBodyLimit ?? null);
  context.set(refusedBodyAnsweredByRouteContext, request.refusedBodyAnsweredByRoute ?? false);
  return context;
}

/** The limit (bytes) the request's body passed, unread, for a route that answers that itself; else null. */
export function getRefusedBodyLimit(context: Readonly<RouterContextProvider>): number | null {
  return context.get(refusedBodyAnsweredByRouteContext) ? context.get(refusedBodyLimitContext) : null;
}

export function getClientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(clientAddressContext);
}

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appServicesContext);
}
