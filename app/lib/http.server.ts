import { data } from "react-router";
import type { z } from "zod";
import { bodyTooLargeMessage, isJsonContentType, JSON_BODY_LIMIT_BYTES } from "./body-limits";

// Response helpers for the JSON API: errors are always { message } in French.

export const MAX_JSON_BODY_BYTES = JSON_BODY_LIMIT_BYTES;

export function jsonError(status: number, message: string, headers?: HeadersInit) {
  return Response.json({ message }, { status, headers });
}

export function badRequest(message: string) {
  return jsonError(400, message);
}

/** A use case's refusal as the API answers it: { message, ...extra }, with Retry-After when it says when. */
export function failureResponse(
  failure: { status: number; message: string; retryAfterSeconds?: number },
  extra: Record<string, unknown> = {},
): Response {
  const headers = failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : undefined;
  return Response.json({ message: failure.message, ...extra }, { status: failure.status, headers });
}

/** Thrown inside API handlers; turned into { message } with its status by `handleApi`. */
export class ApiError extends Error {
  readonly status: number;
  readonly headers?: HeadersInit;
  constructor(status: number, message: string, headers?: HeadersInit) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.headers = headers;
  }
}

/**
 * The posted form of a page action. The HTTP server has already read the body
 * within its limit (64 KB, or the route's handle.bodyLimitBytes) before any
 * route runs. A body that is not a form (a JSON post, a broken upload) reads
 * as an empty form: every field then says what it needs.
 */
export async function readFormData(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}

/**
 * Reads a JSON body with a size cap, without trusting Content-Length alone:
 * invalid JSON, a body over its limit (1 MB, or the route's own: the same
 * as its handle.bodyLimitBytes) or a body that fails the schema is a 4xx
 * with a clear message, never a 500.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { limitBytes = MAX_JSON_BODY_BYTES }: { limitBytes?: number } = {},
): Promise<z.infer<Schema>> {
  const tooLarge = () => new ApiError(413, bodyTooLargeMessage(limitBytes));
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limitBytes) throw tooLarge();
  let text = "";
  if (request.body) {
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
    text = new TextDecoder().decode(Buffer.concat(chunks));
  }
  if (text.trim() !== "" && !isJsonContentType(request.headers.get("Content-Type"))) {
    // A JSON API only reads JSON: this also keeps plain cross-site forms out.
    throw new ApiError(400, "Le corps de la requête doit être du JSON (Content-Type: application/json).");
  }
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "Corps de requête JSON invalide.");
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    throw new ApiError(400, result.error.issues[0]?.message ?? "Requête invalide.");
  }
  return result.data;
}

/**
 * Reads a call's query string (or headers) with its zod schema: each name
 * the schema knows, its first value; anything else is ignored. A value that
 * breaks a rule is a 400 with the first problem's message.
 */
export function readQuery<Schema extends z.ZodObject>(request: Request, schema: Schema): z.infer<Schema> {
  const params = new URL(request.url).searchParams;
  return readNamedValues(schema, (name) => params.get(name));
}

/** A call's headers read with their zod schema (names as the schema writes them; HTTP ignores their case). */
export function readHeaders<Schema extends z.ZodObject>(request: Request, schema: Schema): z.infer<Schema> {
  return readNamedValues(schema, (name) => request.headers.get(name));
}

function readNamedValues<Schema extends z.ZodObject>(
  schema: Schema,
  valueOf: (name: string) => string | null,
): z.infer<Schema> {
  const values = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, valueOf(name) ?? undefined]));
  const result = schema.safeParse(values);
  if (!result.success) throw new ApiError(400, result.error.issues[0]?.message ?? "Requête invalide.");
  return result.data;
}

/** Runs an API handler, turning ApiError into its JSON answer and anything else into a logged 500. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return jsonError(error.status, error.message, error.headers);
    if (error instanceof Response) return error;
    console.error(error);
    return jsonError(500, "Erreur serveur");
  }
}

/** For page actions: a 400 with the submission's reply, as conform expects. */
export function invalid<T>(payload: T) {
  return data(payload, { status: 400 });
}

/**
 * The bearer token of an API call, from `Authorization: Bearer`, or the
 * `x-auth-token` / `x-access-token` headers the spec's request helper sends.
 */
export function bearerToken(request: Request): string | null {
  const authorization = request.headers.get("Authorization");
  const fromAuthorization = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = fromAuthorization ?? request.headers.get("x-auth-token") ?? request.headers.get("x-access-token");
  const trimmed = token?.trim();
  return trimmed && trimmed.length <= 512 && trimmed !== "null" && trimmed !== "undefined" ? trimmed : null;
}

/** For API routes that do not accept a method. */
export function methodNotAllowed() {
  return jsonError(405, "Méthode non autorisée.");
}
