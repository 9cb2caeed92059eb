import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterEach, beforeEach } from "vitest";
import { loadConfig } from "~/config.server";
import { type AppServices, createLoadContext } from "~/context.server";
import { i18nextMiddleware } from "~/middleware/i18next.server";
import { sameOriginMiddleware } from "~/middleware/same-origin.server";
import { openStore } from "~/store/open-store.server";
import type { NewOutboxMail } from "~/store/types";

// Runs route modules the way the server does (root middleware included)
// against a real in-memory SQLite store, for route and action tests.

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

type Handler = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => unknown;

/** Calls a loader or action behind the root middleware; returns the Response (data() results are wrapped). */
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
      const result = await handler(args);
      return toResponse(result);
    } catch (thrown) {
      return toResponse(thrown);
    }
  };
  // The root's middleware, in the root's order (app/root.tsx).
  const chain: MiddlewareFunction<Response>[] = [...i18nextMiddleware, sameOriginMiddleware];
  const runFrom = async (index: number): Promise<Response> => {
    const middleware = chain[index];
    if (!middleware) return run();
    let downstream: Response | undefined;
    const returned = await middleware(args as never, async () => (downstream = await runFrom(index + 1)));
    return (returned ?? downstream) as Response;
  };
  return runFrom(0);
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  // react-router's data(): { type: "DataWithResponseInit", data, init }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return Response.json(data, init ?? undefined);
  }
  return Response.json(result ?? null);
}

export function jsonRequest(url: string, body: unknown, init: RequestInit = {}): Request {
  const { headers, ...rest } = init;
  return new Request(`http://localhost:3000${url}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...rest,
    headers: { "Content-Type": "application/json", ...((headers as Record<string, string> | undefined) ?? {}) },
  });
}
