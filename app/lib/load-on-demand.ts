import { type ComponentType, createElement, use } from "react";

// Code a page needs only sometimes (a dialog's view, the session runner, the
// dashboard) loads on demand: in the browser when it is about to show, on
// the server once at start, so no render of it ever waits (a waiting part of
// a page would reach a browser without JavaScript hidden).

/** A loading module that says when it has arrived, for React's use(). */
export type LoadingModule<T> = Promise<T> & { status?: "fulfilled"; value?: T };

/**
 * Wraps a dynamic import (written at the call site, so the bundler splits it
 * out) so that every call answers the same promise, started on the first.
 * React's use() reads a settled promise at once when it carries its status:
 * once the code is there, a render never suspends again.
 */
export function loadOnDemand<T>(importModule: () => Promise<T>): () => Promise<T> {
  let loading: LoadingModule<T> | null = null;
  return () => {
    if (!loading) {
      const started: LoadingModule<T> = importModule();
      void started.then(
        (module) => {
          started.status = "fulfilled";
          started.value = module;
        },
        // A failed load (network down) stays a rejected promise for use()
        // to throw to the error boundary; the next call tries again.
        () => {
          if (loading === started) loading = null;
        },
      );
      loading = started;
    }
    return loading;
  };
}

/** The module a loadOnDemand promise brought, or null while it is still on its way. */
export function arrivedModule<T>(loading: Promise<T>): T | null {
  const module = loading as LoadingModule<T>;
  return module.status === "fulfilled" ? (module.value ?? null) : null;
}

/**
 * A component of a module loaded on demand, as a component to render in
 * its place: it waits for the module (React's use(), so inside a Suspense
 * boundary, or hydrated after app/entry.client.tsx loaded it first) and
 * renders the module's export `name` with the same props.
 */
export function componentOnDemand<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): Module[Name] extends ComponentType<infer Props> ? ComponentType<Props> : never {
  function OnDemand(props: object) {
    const Component = use(load())[name] as ComponentType<object>;
    return createElement(Component, props);
  }
  OnDemand.displayName = `OnDemand(${String(name)})`;
  return OnDemand as never;
}
