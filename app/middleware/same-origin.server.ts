import type { MiddlewareFunction } from "react-router";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A cookie-authenticated write must come from this site: a browser always
 * sends Origin on cross-site posts, so a foreign Origin with our cookies is
 * refused. Bearer-token API calls carry no ambient credentials and pass.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (unsafeMethods.has(request.method) && request.headers.has("Cookie")) {
    const origin = request.headers.get("Origin");
    if (origin && origin !== "null" && !isSameHost(origin, request.url)) {
      return Response.json({ message: "Origine de la requête refusée." }, { status: 403 });
    }
  }
  return next();
};

function isSameHost(origin: string, requestUrl: string): boolean {
  try {
    return new URL(origin).host === new URL(requestUrl).host;
  } catch {
    return false;
  }
}
