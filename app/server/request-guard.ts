import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyTooLargeMessage } from "../lib/body-limits.ts";
import { releaseUnreadBody } from "./request-body.ts";

// Requests the app cannot even describe (a method the Fetch API forbids, no
// usable Host, a path that does not decode) are answered here with a 4xx:
// JSON { message } under /api, one line of text elsewhere. They are the
// client's fault, so they are logged as one line, never as a stack.

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

export const REFUSALS = {
  method: { status: 405, message: "Méthode non autorisée.", headers: { Allow: ALLOWED_METHODS.join(", ") } },
  host: { status: 400, message: "En-tête Host manquant ou invalide." },
  path: { status: 400, message: "Adresse de la requête invalide." },
  draining: {
    status: 503,
    message: "Le serveur redémarre. Réessaie dans un instant.",
    headers: { "Retry-After": "5" },
  },
} as const satisfies Record<string, Refusal>;

/** A body that cannot be read as what it says it is (a multipart upload cut off or broken). */
export const malformedBodyRefusal: Refusal = {
  status: 400,
  message: "Le corps de la requête est incomplet ou illisible : renvoie le formulaire.",
};

export function bodyTooLargeRefusal(limitBytes: number): Refusal {
  return { status: 413, message: bodyTooLargeMessage(limitBytes) };
}

// A host name or an IPv4 address, or an IPv6 address in brackets; then an optional port.
const hostPattern = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]{0,252}))(?::\d{1,5})?$/i;

export function isValidHost(host: string | undefined): boolean {
  return typeof host === "string" && hostPattern.test(host);
}

/** The path part of the request target, without trusting it to be well formed. */
export function targetPath(url: string | undefined): string {
  return (url ?? "/").split("?")[0] ?? "/";
}

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** Why the request cannot reach the app, or null when it can. */
export function refusalFor(req: IncomingMessage): Refusal | null {
  if (!(ALLOWED_METHODS as readonly string[]).includes(req.method ?? "")) return REFUSALS.method;
  if (!isValidHost(req.headers.host)) return REFUSALS.host;
  const url = req.url ?? "";
  if (!url.startsWith("/")) return REFUSALS.path;
  try {
    decodeURIComponent(targetPath(url));
  } catch {
    return REFUSALS.path;
  }
  return null;
}

/** Answers a refusal (or any early answer) and leaves the connection clean. */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  releaseUnreadBody(req, res);
  if (res.headersSent) {
    res.end();
    return;
  }
  const asJson = isApiPath(targetPath(req.url));
  const body = asJson ? JSON.stringify({ message: refusal.message }) : `${refusal.message}\n`;
  res.statusCode = refusal.status;
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Content-Type", asJson ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  res.end(req.method === "HEAD" ? undefined : body);
}

/** One line for the log: what was asked and what it got. */
export function describeRequest(req: IncomingMessage, status: number, reason: string): string {
  const target = (req.url ?? "").slice(0, 200).replace(/[^\x20-\x7e]/g, "?");
  return `${status} ${(req.method ?? "?").slice(0, 16)} ${target}: ${reason}`;
}

/**
 * The last error handler of the HTTP server: an error that carries a 4xx
 * status (a malformed path, a body that cannot be parsed) is the client's and
 * gets its status and one log line; anything else is a real fault, logged
 * with its stack and answered 500.
 */
export function handleServerError(error: unknown, req: IncomingMessage, res: ServerResponse): void {
  const status = clientErrorStatus(error);
  if (status !== null) {
    console.warn(describeRequest(req, status, error instanceof Error ? error.message : String(error)));
    sendRefusal(req, res, { status, message: status === 404 ? "Introuvable." : "Requête invalide." });
    return;
  }
  console.error(error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendRefusal(req, res, { status: 500, message: "Erreur serveur" });
}

function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const found = typeof status === "number" ? status : typeof statusCode === "number" ? statusCode : null;
  return found !== null && found >= 400 && found < 500 ? found : null;
}
