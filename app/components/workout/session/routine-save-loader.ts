import { loadOnDemand } from "~/lib/load-on-demand";

// The summary's 'Enregistrer comme routine' (app/lib/load-on-demand.ts): in
// the browser only once a signed-in user's session is finished, so the
// session view carries none of it.
export const loadSummaryRoutineSave = loadOnDemand(() => import("./summary-routine-save"));

if (import.meta.env.SSR) void loadSummaryRoutineSave();
