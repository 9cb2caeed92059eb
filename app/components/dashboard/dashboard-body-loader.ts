import type { DashboardBody } from "./dashboard-body";

// The account dialog's dashboard code, loaded on demand: in the browser only
// when the history view opens (so every other page stays light), on the
// server once at start (so no render of it ever waits: a waiting part of a
// page would reach a browser without JavaScript hidden). The same promise
// every time, carrying its status for React's use().

type Loading<T> = Promise<T> & { status?: "fulfilled"; value?: T };
export type DashboardBodyModule = { DashboardBody: typeof DashboardBody };

let dashboardBodyModule: Loading<DashboardBodyModule> | null = null;

export function loadDashboardBody(): Promise<DashboardBodyModule> {
  if (!dashboardBodyModule) {
    const loading: Loading<DashboardBodyModule> = import("./dashboard-body");
    // React's use() reads a settled promise at once when it carries its status.
    void loading.then((module) => {
      loading.status = "fulfilled";
      loading.value = module;
    });
    dashboardBodyModule = loading;
  }
  return dashboardBodyModule;
}

if (import.meta.env.SSR) void loadDashboardBody();

/**
 * For the browser's start, when the address opens the history view: the
 * hydration then finds the dashboard's code loaded (a part that waited would
 * be rendered again from scratch, the server's HTML replaced by 'Chargement…').
 */
export async function preloadDashboardBody(): Promise<void> {
  await loadDashboardBody();
}
