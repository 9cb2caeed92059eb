import type { MiddlewareFunction } from "react-router";
import { bearerToken } from "~/lib/http.server";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Writes must come from this site. Browsers send Origin on every cross-site
 * post, so a foreign Origin is refused — with or without cookies, since a
 * cross-site login would otherwise sign the victim into someone else's
 * account (our SameSite=Lax cookies are not even sent along). API calls that
 * authenticate with a bearer token carry no ambient credentials and pass.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (unsafeMethods.has(request.method) && !bearerToken(request)) {
    const origin = request.headers.get("Origin");
    if (origin && !isSameHost(origin, request.url)) {
      return Response.json({ message: "Origine de la requête refusée." }, { status: 403 });
    }
  }
  return next();
};

function isSameHost(origin: string, requestUrl: string): boolean {
  try {
    return new URL(origin).host === new URL(requestUrl).host;
  } catch {
    // "null" (a sandboxed or privacy-sensitive context) or garbage: not us.
    return false;
  }
}
