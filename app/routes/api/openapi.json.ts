import { handleApi, methodNotAllowed } from "~/lib/http.server";
import { apiDocument } from "~/lib/openapi/document";

// GET /api/openapi.json: the OpenAPI 3.1 description of every /api call
// (app/lib/openapi/calls.ts), the same for everyone; /api/docs shows it.
export async function loader() {
  return handleApi(async () => Response.json(apiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }));
}

export const action = () => methodNotAllowed();
