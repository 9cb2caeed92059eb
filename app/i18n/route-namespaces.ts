// Which translation namespaces a page needs, from the routes it matches.
//
// The convention: a route module that renders texts of a namespace says so,
//   export const handle = { i18n: ["tools"] };
// and the root declares the layout's own (common, consent, account). A page
// gets the namespaces of every route it matches, nothing more.

export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

export function namespacesOfHandle(handle: unknown): string[] {
  if (handle === null || typeof handle !== "object" || !("i18n" in handle)) return [];
  const declared = (handle as { i18n: unknown }).i18n;
  if (typeof declared === "string") return [declared];
  return Array.isArray(declared) ? declared.filter((item): item is string => typeof item === "string") : [];
}

/** The namespaces of several handles, root first, each once. */
export function namespacesOfHandles(handles: Iterable<unknown>): string[] {
  const namespaces = new Set<string>();
  for (const handle of handles) for (const namespace of namespacesOfHandle(handle)) namespaces.add(namespace);
  return [...namespaces];
}

/**
 * React Router's route pattern of a route (what middleware receives as
 * `pattern`): the paths of the route and its parents, joined.
 */
function patternOf(route: RouteEntry, routes: Record<string, RouteEntry | undefined>): string {
  const paths: string[] = [];
  for (let current: RouteEntry | undefined = route; current;) {
    if (current.path) paths.unshift(current.path);
    current = current.parentId ? routes[current.parentId] : undefined;
  }
  return paths.join("/").replace(/\/\/+/g, "/") || "/";
}

function chainOf(route: RouteEntry, routes: Record<string, RouteEntry | undefined>): RouteEntry[] {
  const chain: RouteEntry[] = [];
  for (let current: RouteEntry | undefined = route; current;) {
    chain.unshift(current);
    current = current.parentId ? routes[current.parentId] : undefined;
  }
  return chain;
}

/**
 * Route pattern -> the namespaces a page of that pattern needs beyond the
 * root's (which every page has), for the routes that need some: the
 * browser reads it when it navigates, to fetch the next page's texts while
 * its data loads.
 */
export function namespacesByPattern(
  routes: Record<string, RouteEntry | undefined>,
  handleOf: (routeId: string) => unknown,
  keep: (namespace: string) => boolean,
): Record<string, string[]> {
  const everyPage = new Set(
    Object.values(routes).flatMap((route) => (route && !route.parentId ? namespacesOfHandle(handleOf(route.id)) : [])),
  );
  const byPattern: Record<string, string[]> = {};
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const namespaces = namespacesOfHandles(chainOf(route, routes).map((entry) => handleOf(entry.id))).filter(
      (namespace) => keep(namespace) && !everyPage.has(namespace),
    );
    if (namespaces.length === 0) continue;
    const pattern = patternOf(route, routes);
    byPattern[pattern] = [...new Set([...(byPattern[pattern] ?? []), ...namespaces])];
  }
  return byPattern;
}
