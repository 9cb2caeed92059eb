import { loadOnDemand } from "~/lib/load-on-demand";

// The visitors' views of the account dialog (app/lib/load-on-demand.ts): in
// the browser when the dialog is about to show one of them (the header's
// account icons, the address, the menu entries). When the address opens one,
// app/entry.client.tsx waits for it before hydrating, as for the dashboard.
export const loadSignInViews = loadOnDemand(() => import("./sign-in-views"));

if (import.meta.env.SSR) void loadSignInViews();
