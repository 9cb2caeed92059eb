import { loadOnDemand } from "~/lib/load-on-demand";

// The account dialog's dashboard code (app/lib/load-on-demand.ts): in the
// browser only when the history view opens, so every other page stays light.
// When the address opens that view, app/entry.client.tsx waits for it before
// hydrating: a part that waited would be rendered again from scratch, the
// server's HTML replaced by 'Chargement…'.
export const loadDashboardBody = loadOnDemand(() => import("./dashboard-body"));

if (import.meta.env.SSR) void loadDashboardBody();
