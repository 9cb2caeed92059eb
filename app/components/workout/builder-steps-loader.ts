import { loadOnDemand } from "~/lib/load-on-demand";

// The builder's steps (builder-steps.tsx) load on demand like the session
// view and the search (session-view-loader.ts): when the page shows the
// builder. When the address opens the builder, app/entry.client.tsx waits
// for them before hydrating; a page opened on a session never loads them.
export const loadBuilderSteps = loadOnDemand(() => import("./builder-steps"));

if (import.meta.env.SSR) void loadBuilderSteps();
