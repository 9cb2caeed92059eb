import type { SessionViewProps } from "./session-view";

// The session view's code (clock, cards, set logger, summary, the outbox),
// loaded on demand: in the browser only when the page shows a session, or
// about to (the pointer or the focus on 'Let's go'), so the builder's steps
// stay light; on the server once at start, so no render of it ever waits (a
// waiting part of a page would reach a browser without JavaScript hidden).
// The same promise every time, carrying its status for React's use().

type Loading<T> = Promise<T> & { status?: "fulfilled"; value?: T };
export type SessionViewModule = { default: (props: SessionViewProps) => React.ReactNode };

let sessionViewModule: Loading<SessionViewModule> | null = null;

export function loadSessionView(): Promise<SessionViewModule> {
  if (!sessionViewModule) {
    const loading: Loading<SessionViewModule> = import("./session-view");
    // React's use() reads a settled promise at once when it carries its status.
    void loading.then((module) => {
      loading.status = "fulfilled";
      loading.value = module;
    });
    sessionViewModule = loading;
  }
  return sessionViewModule;
}

if (import.meta.env.SSR) void loadSessionView();

/**
 * For the browser's start, when the address opens a session: the hydration
 * then finds its code loaded (a part that waited would be rendered again from
 * scratch, the server's HTML replaced by the loading line).
 */
export async function preloadSessionView(): Promise<void> {
  await loadSessionView();
}
