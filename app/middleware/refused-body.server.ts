import { data, type MiddlewareFunction } from "react-router";
import { refusedBodyAnsweredByRouteContext, refusedBodyLimitContext } from "~/context.server";
import { bodyTooLargeMessage } from "~/lib/body-limits";

/**
 * The HTTP server stopped reading a page's form body at its limit: no action
 * runs, and the visitor gets the 413 page in their language (the root error
 * boundary). API routes never get here: the server answers them { message }.
 */
export const refusedBodyMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const limit = context.get(refusedBodyLimitContext);
  // A route that answers it itself (handle.answersTooLargeBody) runs without the body.
  if (limit === null || context.get(refusedBodyAnsweredByRouteContext)) return next();
  throw data({ message: bodyTooLargeMessage(limit) }, { status: 413 });
};
