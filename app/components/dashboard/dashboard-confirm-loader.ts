import { loadOnDemand } from "~/lib/load-on-demand";

// A deletion's question (dashboard-confirm.tsx) loads when it is asked: a
// click on 'Supprimer', or an address with ?supprimer=, for which
// app/entry.client.tsx waits for it before hydrating (app/lib/load-on-demand.ts).
export const loadDashboardConfirm = loadOnDemand(() => import("./dashboard-confirm"));

if (import.meta.env.SSR) void loadDashboardConfirm();
