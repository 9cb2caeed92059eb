import { createContext, RouterContextProvider } from "react-router";
import type { AppConfig } from "~/config.server";
import type { Store } from "~/store/types";

/** Long-lived things the server process builds once and every request shares. */
export interface AppServices {
  config: AppConfig;
  store: Store;
}

export const appServicesContext = createContext<AppServices>();
/** Per-request Content-Security-Policy nonce, set by the HTTP server. */
export const nonceContext = createContext<string>("");

export function createLoadContext(services: AppServices, nonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appServicesContext, services);
  context.set(nonceContext, nonce);
  return context;
}

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appServicesContext);
}
