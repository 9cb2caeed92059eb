import { loadOnDemand } from "~/lib/load-on-demand";

// The session view's code (clock, cards, set logger, summary, the outbox;
// app/lib/load-on-demand.ts): in the browser only when the page shows a
// session, or about to (the pointer or the focus on 'Let's go'), so the
// builder's steps stay light. When the address opens a session,
// app/entry.client.tsx waits for it before hydrating: a part that waited
// would be rendered again from scratch, the server's HTML replaced by the
// loading line.
export const loadSessionView = loadOnDemand(() => import("./session-view"));

if (import.meta.env.SSR) void loadSessionView();
