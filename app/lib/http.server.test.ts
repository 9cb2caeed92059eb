import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  ApiError,
  badRequest,
  bearerToken,
  failureResponse,
  handleApi,
  jsonError,
  methodNotAllowed,
  readFormData,
  readJsonBody,
} from "./http.server";

const schema = z.object({ nom: z.string({ error: "Nom requis." }) });

function jsonPost(body: BodyInit | null, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers });
}

/** The ApiError a call throws (fails the test when it does not throw one). */
async function apiErrorOf(run: Promise<unknown>): Promise<ApiError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.restoreAllMocks());

describe("JSON answers", () => {
  it("jsonError, badRequest and methodNotAllowed answer { message } with their status", async () => {
    const teapot = jsonError(418, "Non.", { "X-Why": "test" });
    expect(teapot.status).toBe(418);
    expect(teapot.headers.get("X-Why")).toBe("test");
    expect(await teapot.json()).toEqual({ message: "Non." });
    const bad = badRequest("Champ requis.");
    expect([bad.status, await bad.json()]).toEqual([400, { message: "Champ requis." }]);
    const method = methodNotAllowed();
    expect([method.status, await method.json()]).toEqual([405, { message: "Méthode non autorisée." }]);
  });

  it("failureResponse adds the extra fields, and Retry-After only when the failure says when", async () => {
    const limited = failureResponse({ status: 429, message: "Trop.", retryAfterSeconds: 90 }, { code: "RATE_LIMITED" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("90");
    expect(await limited.json()).toEqual({ message: "Trop.", code: "RATE_LIMITED" });
    const plain = failureResponse({ status: 409, message: "Déjà pris." });
    expect(plain.headers.get("Retry-After")).toBeNull();
    expect(await plain.json()).toEqual({ message: "Déjà pris." });
  });
});

describe("readJsonBody", () => {
  it("reads a valid body through the schema", async () => {
    expect(await readJsonBody(jsonPost(JSON.stringify({ nom: "Léa" })), schema)).toEqual({ nom: "Léa" });
  });

  it("reads an empty body as {} (then the schema speaks)", async () => {
    const error = await apiErrorOf(readJsonBody(jsonPost(null), schema));
    expect([error.status, error.message]).toEqual([400, "Nom requis."]);
    const blank = await apiErrorOf(readJsonBody(jsonPost("   ", { "Content-Type": "text/plain" }), schema));
    expect(blank.message).toBe("Nom requis.");
  });

  it("refuses invalid JSON with a clear 400", async () => {
    const error = await apiErrorOf(readJsonBody(jsonPost("{nom:"), schema));
    expect([error.status, error.message]).toEqual([400, "Corps de requête JSON invalide."]);
  });

  it("refuses a body not sent as JSON", async () => {
    const error = await apiErrorOf(readJsonBody(jsonPost('{"nom":"Léa"}', { "Content-Type": "text/plain" }), schema));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Le corps de la requête doit être du JSON (Content-Type: application/json).");
  });

  it("refuses a body over 1 MB, declared or streamed, with 413", async () => {
    const declared = jsonPost("{}", { "Content-Type": "application/json", "Content-Length": String(1024 * 1024 + 1) });
    const first = await apiErrorOf(readJsonBody(declared, schema));
    expect([first.status, first.message]).toEqual([413, "Requête trop volumineuse (1 Mo maximum)."]);
    const streamed = jsonPost(JSON.stringify({ nom: "x".repeat(1024 * 1024) }));
    expect((await apiErrorOf(readJsonBody(streamed, schema))).status).toBe(413);
    // Exactly at the limit is still read.
    const atLimit = `{"nom":"${"x".repeat(1024 * 1024 - 10)}"}`;
    expect(new TextEncoder().encode(atLimit).byteLength).toBe(1024 * 1024);
    expect((await readJsonBody(jsonPost(atLimit), schema)).nom).toHaveLength(1024 * 1024 - 10);
  });

  it("falls back to a generic message when the schema gives none", async () => {
    const never = { safeParse: () => ({ success: false, error: { issues: [] } }) } as unknown as z.ZodType;
    const error = await apiErrorOf(readJsonBody(jsonPost("{}"), never));
    expect(error.message).toBe("Requête invalide.");
  });
});

describe("readFormData", () => {
  it("reads a posted form, and reads anything else as an empty form", async () => {
    const form = new Request("http://localhost/x", { method: "POST", body: new URLSearchParams({ poids: "70" }) });
    expect((await readFormData(form)).get("poids")).toBe("70");
    const json = new Request("http://localhost/x", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect([...(await readFormData(json)).keys()]).toEqual([]);
  });
});

describe("handleApi", () => {
  it("answers what the handler answers", async () => {
    const response = await handleApi(async () => Response.json({ ok: true }, { status: 201 }));
    expect(response.status).toBe(201);
  });

  it("turns an ApiError into its status and { message }, headers kept", async () => {
    const response = await handleApi(async () => {
      throw new ApiError(429, "Trop de requêtes.", { "Retry-After": "5" });
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ message: "Trop de requêtes." });
  });

  it("passes a thrown Response through, and answers anything else with a logged 500 'Erreur serveur'", async () => {
    const thrown = await handleApi(async () => {
      throw new Response("redirect", { status: 303 });
    });
    expect(thrown.status).toBe(303);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const crashed = await handleApi(async () => {
      throw new Error("boom");
    });
    expect(crashed.status).toBe(500);
    expect(await crashed.json()).toEqual({ message: "Erreur serveur" });
    expect(log).toHaveBeenCalledOnce();
  });
});

describe("bearerToken", () => {
  const withHeaders = (headers: Record<string, string>) => new Request("http://localhost/api/me", { headers });

  it("reads Authorization: Bearer (any case), then x-auth-token, then x-access-token", () => {
    expect(bearerToken(withHeaders({ Authorization: "Bearer abc" }))).toBe("abc");
    expect(bearerToken(withHeaders({ Authorization: "bearer   abc" }))).toBe("abc");
    expect(bearerToken(withHeaders({ "x-auth-token": " def " }))).toBe("def");
    expect(bearerToken(withHeaders({ "x-access-token": "ghi" }))).toBe("ghi");
    expect(bearerToken(withHeaders({ Authorization: "Bearer abc", "x-auth-token": "def" }))).toBe("abc");
    expect(bearerToken(withHeaders({ "x-auth-token": "def", "x-access-token": "ghi" }))).toBe("def");
  });

  it("ignores other schemes, empty values, 'null', 'undefined' and tokens over 512 characters", () => {
    expect(bearerToken(withHeaders({}))).toBeNull();
    expect(bearerToken(withHeaders({ Authorization: "Basic abc" }))).toBeNull();
    expect(bearerToken(withHeaders({ Authorization: "Bearer a b" }))).toBeNull();
    expect(bearerToken(withHeaders({ "x-auth-token": "   " }))).toBeNull();
    expect(bearerToken(withHeaders({ Authorization: "Bearer null" }))).toBeNull();
    expect(bearerToken(withHeaders({ "x-access-token": "undefined" }))).toBeNull();
    expect(bearerToken(withHeaders({ Authorization: `Bearer ${"t".repeat(512)}` }))).toHaveLength(512);
    expect(bearerToken(withHeaders({ Authorization: `Bearer ${"t".repeat(513)}` }))).toBeNull();
  });
});
