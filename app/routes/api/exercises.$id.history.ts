import type { Route } from "./+types/exercises.$id.history";
import { getServices } from "~/context.server";
import { nextKeysetPageQuery } from "~/domain/keyset-page";
import { EXERCISE_HISTORY_MESSAGES, parseExerciseHistoryQuery } from "~/domain/workout/exercise-history-schema";
import { failureResponse, handleApi, methodNotAllowed } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18next.server";
import { requireApiUser } from "~/services/auth/session.server";
import { exerciseHistory } from "~/services/workout/exercise-history.server";

/** The codes of this call's refusals, beside their French message. */
export const EXERCISE_HISTORY_CODES = { invalidQuery: "INVALID_QUERY", unknownExercise: "UNKNOWN_EXERCISE" } as const;

// GET /api/exercises/{id}/history[?limit=&before=]: the caller's records on
// one exercise of the catalogue and a page of their sessions that hold it,
// newest first, 50 at most; a full page links the next one (Link header,
// rel="next"), like the sessions list. 401 signed out, 400 for a bad query,
// 404 for an id the catalogue does not know.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const url = new URL(request.url);
    const parsed = parseExerciseHistoryQuery(url.searchParams);
    if (!parsed.ok) {
      return failureResponse({ status: 400, message: parsed.message }, { code: EXERCISE_HISTORY_CODES.invalidQuery });
    }
    const history = await exerciseHistory(getServices(context), user.id, params.id, parsed.query, getLocale(context));
    if (history === null) {
      return failureResponse(
        { status: 404, message: EXERCISE_HISTORY_MESSAGES.unknownExercise },
        { code: EXERCISE_HISTORY_CODES.unknownExercise },
      );
    }
    const headers = new Headers({ "Cache-Control": "no-store" });
    const next = nextKeysetPageQuery(
      history.sessions.map((session) => ({ at: new Date(session.startedAt), id: session.sessionId })),
      parsed.query.limit,
    );
    if (next !== null) headers.set("Link", `<${url.pathname}?${next}>; rel="next"`);
    return Response.json(history, { headers });
  });
}

export const action = () => methodNotAllowed();
