import { jsonError } from "~/lib/http.server";

// Unknown /api paths answer JSON, not the HTML 404 page.
export const loader = () => jsonError(404, "Route introuvable.");
export const action = () => jsonError(404, "Route introuvable.");
