import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import { afterEach, beforeEach } from "vitest";
import { loadConfig } from "~/config.server";
import { type AppServices, createLoadContext } from "~/context.server";
import { middleware as rootMiddleware } from "~/root";
import { openStore } from "~/store/open-store.server";
import type { NewOutboxMail } from "~/store/types";

// Runs route modules the way the server does (the root route's middleware
// list, as root.tsx exports it) against a real in-memory SQLite store, for
// route and action tests.

export interface TestApp {
  services: AppServices;
  /** Mails queued through services.mailer, in order. */
  mails: NewOutboxMail[];
  context(clientAddress?: string): RouterContextProvider;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dynami-test-"));
  const config = loadConfig({ NODE_ENV: "test", MAIL_DIR: path.join(dataDir, "mail"), ...env }, { dataDir });
  const store = await openStore("sqlite::memory:");
  const mails: NewOutboxMail[] = [];
  const services: AppServices = {
    config,
    store,
    mailer: {
      async queue(mail) {
        mails.push(mail);
        await store.outbox.enqueue(mail);
      },
    },
  };
  return {
    services,
    mails,
    context: (clientAddress = "127.0.0.1") => createLoadContext(services, { nonce: "", clientAddress }),
    close: () => store.close(),
  };
}

/**
 * For a test file: a fresh app before each test, closed after it. The object
 * returned stands for the app of the test that runs (hooks the file adds
 * after this call run once that app exists).
 */
export function freshTestAppPerTest(env: Record<string, string> = {}): TestApp {
  let current: TestApp | null = null;
  beforeEach(async () => {
    current = await createTestApp(env);
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  const app = (): TestApp => {
    if (!current) throw new Error("The test app exists only while a test runs.");
    return current;
  };
  return {
    get services() {
      return app().services;
    },
    get mails() {
      return app().mails;
    },
    context: (clientAddress) => app().context(clientAddress),
    close: () => app().close(),
  };
}

type HandlerArgs = { request: Request; context: RouterContextProvider; params: Record<string, string> };
type Handler = (args: HandlerArgs) => unknown;
type Middleware = (args: HandlerArgs, next: () => Promise<Response>) => unknown;

/**
 * Calls a loader or action behind the root middleware, each in the order
 * root.tsx lists them; returns the Response (data() results are wrapped).
 */
export async function callRoute(
  handler: Handler,
  request: Request,
  options: { context: RouterContextProvider; params?: Record<string, string> },
): Promise<Response> {
  const args = {
    request,
    context: options.context,
    params: options.params ?? {},
    url: new URL(request.url),
    pattern: "",
  };
  const run = async (): Promise<Response> => {
    try {
      return toResponse(await handler(args));
    } catch (thrown) {
      return thrownToResponse(thrown);
    }
  };
  return runMiddleware(rootMiddleware as unknown as readonly Middleware[], args, run);
}

/**
 * React Router's rules for a middleware chain: a middleware that returns a
 * Response answers for the rest; one that returns nothing gets next() called
 * for it if it did not call it; next() runs the rest of the chain once; a
 * thrown Response (a redirect, a refusal) is the answer.
 */
async function runMiddleware(
  chain: readonly Middleware[],
  args: HandlerArgs,
  handler: () => Promise<Response>,
): Promise<Response> {
  const [first, ...rest] = chain;
  if (!first) return handler();
  let downstream: Promise<Response> | null = null;
  const next = () => {
    if (downstream) throw new Error("A middleware called next() twice.");
    downstream = runMiddleware(rest, args, handler);
    return downstream;
  };
  try {
    const returned = await first(args, next);
    if (returned instanceof Response) return returned;
    return await (downstream ?? next());
  } catch (thrown) {
    return thrownToResponse(thrown);
  }
}

/** A thrown Response or data() is an answer; anything else is a crash the test must see (the server would answer 500). */
function thrownToResponse(thrown: unknown): Response {
  if (thrown instanceof Response || isDataWithResponseInit(thrown)) return toResponse(thrown);
  throw thrown;
}

// react-router's data(): { type: "DataWithResponseInit", data, init }
function isDataWithResponseInit(value: unknown): value is { data: unknown; init?: ResponseInit | null } {
  return Boolean(value && typeof value === "object" && "init" in value && "data" in value);
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (isDataWithResponseInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result ?? null);
}

export function jsonRequest(url: string, body: unknown, init: RequestInit = {}): Request {
  const { headers, ...rest } = init;
  return new Request(`http://localhost:3000${url}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...rest,
    headers: { "Content-Type": "application/json", ...(headers as Record<string, string> | undefined) },
  });
}
