// The OpenAPI 3.1 document of the JSON API, built from calls.ts: every
// schema is zod's JSON Schema output (a request's input side, an answer's
// output side), every shared schema with an id goes to components.schemas.
// Built once per process: it depends on nothing but the code.

import { z } from "zod";
import { ADMIN_REQUIRED_MESSAGE } from "~/domain/account";
import { documentedInputOf } from "~/domain/api/documented";
import { errorAnswerSchema } from "~/domain/api/answers";
import { bodyTooLargeMessage, formatLimit } from "~/lib/body-limits";
import { sessionCookieName } from "~/lib/session-cookie-name";
import { BROWSER_SESSION_HOURS, REMEMBER_ME_DAYS } from "~/services/auth/session.server";
import { API_CALLS } from "./calls";
import type { ApiAnswer, ApiBody, ApiCall, HeaderDoc } from "./registry";

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  "x-origin-rule"?: boolean;
  "x-body-limit-bytes"?: number;
}

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; required: boolean; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
}

const TAGS = [
  { name: "Account", description: "Sign-up, sign-in and the links of the account mails." },
  { name: "My account", description: "The signed-in user's account: password, address, data, photo." },
  { name: "History", description: "Saved calculations (IMC, calories) and the dashboard's figures." },
  { name: "Workouts", description: "Finished workout sessions." },
  {
    name: "Progress",
    description: "A lifter's memory: personal records and each exercise's history, kept as sessions are saved.",
  },
  { name: "Routines", description: "Saved workouts to run again: exercises in their order, with targets." },
  { name: "Reviews", description: "Users' reviews of the product." },
  { name: "Newsletter", description: "Subscribing and unsubscribing." },
  { name: "Admin", description: "Moderation and newsletters: an admin's calls." },
  { name: "Contact", description: "Writing to the team." },
  { name: "Documentation", description: "This description." },
];

const UNSAFE_METHODS = new Set(["post", "put", "delete"]);

const DESCRIPTION = `The JSON API of Dynami: what the site's own pages call, open to other clients.

**Language.** This description is in English; every message the API answers is in French (the product's specification names them word for word), except the calls of My account (\`/api/me…\`), which answer in the request's language (\`?lng=\`, the language cookie, then \`Accept-Language\`).

**Authentication.** Sign in with \`POST /api/login\`: its \`token\` is the bearer token (\`Authorization: Bearer <token>\`; \`x-auth-token\` and \`x-access-token\` are read too) and the value of the session cookie it sets. A session lasts ${BROWSER_SESSION_HOURS} hours, or ${REMEMBER_ME_DAYS} days with \`remember: true\`; \`expiresAt\` says when. \`POST /api/logout\` ends it; a password change or reset ends the others. Calls that need a user answer 401 without one; admin calls answer 403 to a user who is not an admin.

**Browsers.** The API is same-origin: it sends no CORS headers, so other sites' scripts cannot read it. A write (POST, PUT, DELETE) without a bearer token that carries a foreign \`Origin\` header is refused with 403 (operations marked \`x-origin-rule\`), with or without a cookie; calls with a bearer token carry no ambient credentials and pass.

**Errors.** Every refusal is JSON \`{ "message": "…" }\`, with a \`code\` where a call lists codes (and \`field\` on My account's calls). A body that is not JSON (\`Content-Type: application/json\`) or not valid JSON is a 400. An unknown \`/api\` path is a 404, a method a path does not take a 405 ("Méthode non autorisée."), a server fault a 500 ("Erreur serveur"), and a server restarting a 503 with \`Retry-After\`.

**Limits.** A body is read within its limit (\`x-body-limit-bytes\`, ${formatLimit(1024 * 1024)} for JSON unless a call says otherwise); past it the server stops reading and answers 413 (${JSON.stringify(bodyTooLargeMessage(1024 * 1024))}). Rate limits answer 429 with \`Retry-After\` (seconds); each call says its own.

**Paging.** Lists of a user's records are pages, newest first: \`limit\` (1 to the call's maximum, the maximum by default) and \`before\`, the cursor of the last item seen. A full page carries \`Link: <…>; rel="next"\`, the address of the next one; a page without it is the last.`;

/** Where zod's JSON Schema keeps definitions, and where the document keeps them. */
const DEFS_REF = "#/$defs/";
const COMPONENTS_REF = "#/components/schemas/";

class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** A zod schema as JSON Schema, its named parts moved to components. */
  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      override: ({ zodSchema, jsonSchema }) => {
        const input = io === "input" ? documentedInputOf(zodSchema) : null;
        if (!input) return;
        const shown = this.convert(input, "input");
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
        Object.assign(jsonSchema, shown);
      },
    }) as JsonSchema;
    return this.hoist(json);
  }

  private hoist(json: JsonSchema): JsonSchema {
    const { $schema: _schema, $defs, ...rest } = json;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const moved = rewriteRefs(this.hoist(definition)) as JsonSchema;
      const known = this.components[name];
      if (known && JSON.stringify(known) !== JSON.stringify(moved)) {
        throw new Error(`Two different schemas are named ${name}: give one another id.`);
      }
      this.components[name] = moved;
    }
    return rewriteRefs(rest) as JsonSchema;
  }
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" && inner.startsWith(DEFS_REF)
        ? COMPONENTS_REF + inner.slice(DEFS_REF.length)
        : key !== "$defs"
          ? rewriteRefs(inner)
          : inner,
    ]),
  );
}

function parametersOf(
  collector: SchemaCollector,
  schema: z.ZodObject | undefined,
  place: OpenApiParameter["in"],
): OpenApiParameter[] {
  if (!schema) return [];
  const json = collector.convert(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...propertySchema }]) => ({
    name,
    in: place,
    required: place === "path" || required.has(name),
    ...(typeof description === "string" ? { description } : {}),
    schema: propertySchema,
  }));
}

function headersOf(headers: Record<string, HeaderDoc> | undefined) {
  if (!headers) return undefined;
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      { description: header.description, required: header.required, schema: { ...header.schema } },
    ]),
  );
}

function responseOf(collector: SchemaCollector, answer: ApiAnswer): OpenApiResponse {
  const content = answer.body
    ? { "application/json": { schema: collector.convert(answer.body, "output") } }
    : answer.media
      ? Object.fromEntries(Object.entries(answer.media).map(([type, media]) => [type, { schema: media.schema }]))
      : undefined;
  return {
    description: answer.description,
    ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
    ...(content ? { content } : {}),
  };
}

function requestBodyOf(collector: SchemaCollector, body: ApiBody) {
  const content: Record<string, { schema: JsonSchema }> = {
    [body.mediaType ?? "application/json"]: { schema: collector.convert(body.schema, "input") },
  };
  for (const [type, schema] of Object.entries(body.alsoAccepts ?? {})) {
    content[type] = { schema: collector.convert(schema, "input") };
  }
  return { required: body.required, content };
}

/** The statuses every call of its kind answers, beside its own. */
function commonAnswers(call: ApiCall): Partial<Record<number, ApiAnswer>> {
  const error = (description: string): ApiAnswer => ({ description, body: errorAnswerSchema });
  const common: Partial<Record<number, ApiAnswer>> = {};
  if (call.access !== "public") common[401] = error("Nobody is signed in (no valid bearer token or session cookie).");
  const forbidden: string[] = [];
  if (call.access === "admin") forbidden.push(`the user is not an admin (${JSON.stringify(ADMIN_REQUIRED_MESSAGE)})`);
  if (UNSAFE_METHODS.has(call.method)) forbidden.push("a call without a bearer token came from another site's Origin");
  if (forbidden.length > 0) common[403] = error(`Refused: ${forbidden.join("; or ")}.`);
  if (call.body) {
    common[413] = error(`The body is over ${formatLimit(call.body.limitBytes)}.`);
    if (call.body.mediaType === undefined) common[400] = error("The body is not JSON, or not valid JSON.");
  }
  return common;
}

function operationOf(collector: SchemaCollector, call: ApiCall): OpenApiOperation {
  const answers: Partial<Record<number, ApiAnswer>> = { ...commonAnswers(call) };
  for (const [status, answer] of Object.entries(call.answers)) {
    const common = answers[Number(status)];
    // A status the call documents itself says more: its own words come first.
    answers[Number(status)] =
      common && answer ? { ...answer, description: `${answer.description} Or: ${common.description}` } : answer;
  }
  const parameters = [
    ...parametersOf(collector, call.params, "path"),
    ...parametersOf(collector, call.query, "query"),
    ...parametersOf(collector, call.headers, "header"),
  ];
  const statuses = Object.keys(answers).toSorted();
  return {
    operationId: call.operationId,
    tags: [call.tag],
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    ...(call.access === "public" ? { security: [] } : { security: [{ bearerToken: [] }, { sessionCookie: [] }] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(call.body ? { requestBody: requestBodyOf(collector, call.body) } : {}),
    responses: Object.fromEntries(statuses.map((status) => [status, responseOf(collector, answers[Number(status)]!)])),
    ...(UNSAFE_METHODS.has(call.method) ? { "x-origin-rule": true } : {}),
    ...(call.body ? { "x-body-limit-bytes": call.body.limitBytes } : {}),
  };
}

export function buildApiDocument(calls: readonly ApiCall[] = API_CALLS): OpenApiDocument {
  const collector = new SchemaCollector();
  const paths: OpenApiDocument["paths"] = {};
  for (const call of calls) {
    const path = (paths[call.path] ??= {});
    if (path[call.method]) throw new Error(`${call.method.toUpperCase()} ${call.path} is described twice.`);
    path[call.method] = operationOf(collector, call);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Dynami API", version: "1", description: DESCRIPTION },
    tags: TAGS,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(collector.components).toSorted(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: `The token of POST /api/login (${BROWSER_SESSION_HOURS} hours, or ${REMEMBER_ME_DAYS} days with remember).`,
        },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: sessionCookieName(false),
          description:
            "The session cookie POST /api/login sets (__Host-dynami_session in production); the browser's way. Writes with it follow the Origin rule.",
        },
      },
    },
  };
}

let built: OpenApiDocument | null = null;

/** The document, built on first use. */
export function apiDocument(): OpenApiDocument {
  built ??= buildApiDocument();
  return built;
}
