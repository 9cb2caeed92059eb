import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { BodyLimitHandle } from "../lib/body-limits.ts";

// Node's request and response to and from the Fetch API objects React Router
// works with. The server reads the body itself (bounded, see
// request-body.ts) and hands React Router the bytes, so no route can read
// more than its limit or tear down the connection by cancelling the stream.

function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** The request as React Router sees it; aborted when the client goes away before the answer is written. */
export function toFetchRequest(
  req: IncomingMessage & { originalUrl?: string; protocol?: string },
  res: ServerResponse,
  body: Buffer | null,
): Request {
  const url = new URL(req.originalUrl ?? req.url ?? "/", `${req.protocol ?? "http"}://${req.headers.host}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? "GET";
  const withBody = method !== "GET" && method !== "HEAD";
  const bytes = body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) : new Uint8Array(0);
  return new Request(url, {
    method,
    headers: fetchHeaders(req),
    signal: controller.signal,
    body: withBody ? bytes : undefined,
  });
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  // Each Set-Cookie stays its own header line.
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  if (response.body) {
    await writeReadableStreamToWritable(response.body, res).catch((error: unknown) => {
      if (!res.destroyed) throw error;
    });
  } else {
    res.end();
  }
}

// The route tree of a build, kept per build (the development server swaps builds).
const routeTrees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  let tree = routeTrees.get(routes);
  if (tree) return tree;
  const childrenOf = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = childrenOf.get(route.parentId) ?? [];
    siblings.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      handle: (route.module as { handle?: unknown }).handle,
    } as RouteObject);
    childrenOf.set(route.parentId, siblings);
  }
  const attach = (routesAtLevel: RouteObject[]): RouteObject[] =>
    routesAtLevel.map((route) =>
      route.index ? route : ({ ...route, children: attach(childrenOf.get(route.id) ?? []) } as RouteObject),
    );
  tree = attach(childrenOf.get(undefined) ?? []);
  routeTrees.set(routes, tree);
  return tree;
}

/** The body rules a route declares in its handle (an upload route): its limit, and who answers past it. */
export function routeBodyRules(build: ServerBuild, pathname: string): BodyLimitHandle {
  // A client-side submission posts to /<path>.data (the home page: /_root.data).
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
  const matches = matchRoutes(routeTree(build.routes), path) ?? [];
  for (const match of matches.toReversed()) {
    const handle = match.route.handle as BodyLimitHandle | undefined;
    if (typeof handle?.bodyLimitBytes === "number") {
      return { bodyLimitBytes: handle.bodyLimitBytes, answersTooLargeBody: handle.answersTooLargeBody === true };
    }
  }
  return {};
}
