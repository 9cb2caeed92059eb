import { loadOnDemand } from "~/lib/load-on-demand";

// The search mode's code ('Ajouter d'autres exercices': the name box, the
// filters, the results) loads on demand like the session view's
// (session-view-loader.ts): when the page shows the search, or about to (the
// pointer or the focus on 'Ajouter d'autres exercices'). When the address
// opens the search, app/entry.client.tsx waits for it before hydrating.
export const loadSearchPanel = loadOnDemand(() => import("./search-panel"));

if (import.meta.env.SSR) void loadSearchPanel();
