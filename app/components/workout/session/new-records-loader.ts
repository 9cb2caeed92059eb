import { loadOnDemand } from "~/lib/load-on-demand";

// The summary's list of beaten records (new-records.tsx): in the browser only
// when a saved session beat one, on the server at start (a finish sent
// without JavaScript renders it at once).
export const loadNewRecords = loadOnDemand(() => import("./new-records"));

if (import.meta.env.SSR) void loadNewRecords();
