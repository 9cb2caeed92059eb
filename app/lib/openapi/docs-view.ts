// The API description as the /api/docs page reads it: per tag, each call
// with its parameters, body fields and answers, and the named schemas with
// their fields. Plain data (it travels as loader data), built from the
// document, so the page can never say anything the document does not.

import type { OpenApiDocument, OpenApiOperation } from "./document";

type JsonSchema = Record<string, unknown>;

export interface DocsField {
  name: string;
  type: string;
  required: boolean;
  rules: string;
  description: string;
}

export interface DocsAnswer {
  status: string;
  description: string;
  media: string[];
  headers: string[];
  /** The body's shape in a line: a schema's name, a list of one, or its fields below. */
  type: string;
  fields: DocsField[];
}

export interface DocsCall {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  signedIn: boolean;
  originRule: boolean;
  bodyLimitBytes: number | null;
  parameters: (DocsField & { in: string })[];
  bodyMedia: string[];
  bodyType: string;
  bodyFields: DocsField[];
  answers: DocsAnswer[];
}

export interface DocsView {
  title: string;
  introduction: string[];
  groups: { name: string; description: string; calls: DocsCall[] }[];
  schemas: { name: string; fields: DocsField[]; type: string }[];
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** A schema in a few words: "string (date-time)", "User", "array of WorkoutSession", "string | null". */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if (typeof schema.const !== "undefined") return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  for (const key of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) return (schema[key] as JsonSchema[]).map(typeOf).join(" | ");
  }
  if (schema.type === "array") return `array of ${typeOf(schema.items as JsonSchema) || "any"}`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(" | ")
    : typeof schema.type === "string"
      ? schema.type
      : "any";
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

/** Bounds and patterns, as a reader wants them. */
function rulesOf(schema: JsonSchema): string {
  const words: string[] = [];
  const source = Array.isArray(schema.anyOf) ? ((schema.anyOf as JsonSchema[])[0] ?? schema) : schema;
  const say = (label: string, key: string) => {
    if (typeof source[key] === "number") words.push(`${label} ${source[key]}`);
  };
  say("min", "minimum");
  say("max", "maximum");
  say("min length", "minLength");
  say("max length", "maxLength");
  say("max items", "maxItems");
  if (typeof source.default !== "undefined") words.push(`default ${JSON.stringify(source.default)}`);
  if (typeof source.pattern === "string" && source.format === undefined) words.push(`pattern ${source.pattern}`);
  return words.join(", ");
}

function fieldsOf(schema: JsonSchema | undefined): DocsField[] {
  if (!schema || schema.type !== "object" || typeof schema.properties !== "object") return [];
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    rules: rulesOf(property),
    description: typeof property.description === "string" ? property.description : "",
  }));
}

function callOf(method: string, path: string, operation: OpenApiOperation): DocsCall {
  const content = operation.requestBody?.content ?? {};
  const bodySchema = Object.values(content)[0]?.schema;
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    description: operation.description ?? "",
    signedIn: (operation.security?.length ?? 0) > 0,
    originRule: operation["x-origin-rule"] === true,
    bodyLimitBytes: operation["x-body-limit-bytes"] ?? null,
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      type: typeOf(parameter.schema),
      required: parameter.required,
      rules: rulesOf(parameter.schema),
      description: parameter.description ?? "",
    })),
    bodyMedia: Object.keys(content),
    bodyType: typeOf(bodySchema),
    bodyFields: fieldsOf(bodySchema),
    answers: Object.entries(operation.responses).map(([status, response]) => {
      const schema = response.content?.["application/json"]?.schema;
      return {
        status,
        description: response.description,
        media: Object.keys(response.content ?? {}),
        headers: Object.keys(response.headers ?? {}),
        type: typeOf(schema),
        fields: fieldsOf(schema),
      };
    }),
  };
}

export function docsView(document: OpenApiDocument): DocsView {
  const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      tag: operation.tags[0]!,
      call: callOf(method, path, operation),
    })),
  );
  return {
    title: document.info.title,
    introduction: document.info.description.split("\n\n"),
    groups: document.tags.map((tag) => ({
      name: tag.name,
      description: tag.description,
      calls: calls.filter((entry) => entry.tag === tag.name).map((entry) => entry.call),
    })),
    schemas: Object.entries(document.components.schemas).map(([name, schema]) => ({
      name,
      type: typeOf(schema),
      fields: fieldsOf(schema),
    })),
  };
}
