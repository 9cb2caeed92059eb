import { z } from "zod";
import type { Route } from "./+types/workouts.sessions";
import { getServices } from "~/context.server";
import { nextKeysetPageQuery } from "~/domain/keyset-page";
import {
  idempotencyHeadersSchema,
  POINTS_MESSAGE,
  SESSION_BODY_LIMIT_BYTES,
  workoutSessionsQuerySchema,
} from "~/domain/api/workouts-api";
import type { SavedSessionResponse } from "~/domain/workout/exercise-history-schema";
import { parseSessionPayload, sessionRefusalText } from "~/domain/workout/session-schema";
import {
  ApiError,
  failureResponse,
  handleApi,
  methodNotAllowed,
  readHeaders,
  readJsonBody,
  readQuery,
} from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { weekPointsFor } from "~/services/dashboard.server";
import { listWorkoutSessions, saveWorkoutSession } from "~/services/workout/sessions.server";

export { POINTS_MESSAGE, SESSION_BODY_LIMIT_BYTES };

export const handle = { bodyLimitBytes: SESSION_BODY_LIMIT_BYTES };

// GET /api/workouts/sessions[?limit=&before=]: a page of the caller's own
// sessions, newest first by start, 50 at most. A full page links the next
// one (Link header, rel="next"), so the body stays the array clients expect.
// With ?points=week the body is {items, points}: the sessions, and this
// week's exercises per day (Monday to Sunday) from the dashboard's figures.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    // ?points=week asks for the week chart's points beside the sessions: {items, points}.
    const { points, ...page } = readQuery(request, workoutSessionsQuerySchema);
    const sessions = await listWorkoutSessions(getServices(context), user.id, page);
    const headers = new Headers({ "Cache-Control": "no-store" });
    const next = nextKeysetPageQuery(
      sessions.map((session) => ({ at: new Date(session.startedAt), id: session._id })),
      page.limit,
    );
    if (next !== null) headers.set("Link", `</api/workouts/sessions?${next}>; rel="next"`);
    if (points === undefined) return Response.json(sessions, { headers });
    const week = await weekPointsFor(getServices(context).store, user.id);
    return Response.json({ items: sessions, points: week }, { headers });
  });
}

/** The finish's key: the Idempotency-Key header, else the body's idempotencyKey. */
function idempotencyKeyOf(request: Request, fromBody: string | null): string | null {
  return readHeaders(request, idempotencyHeadersSchema)["Idempotency-Key"] ?? fromBody;
}

// POST /api/workouts/sessions (the saved-session payload): saves a finished
// session for the caller, its entries, calories and duration computed here
// (with routineId, the caller's routine it was run from: its last run follows).
// 201 {id, _id, newRecords} (the personal records it beat); 200 for a second
// copy of one finish (same idempotency key), newRecords empty; 400 {message, code: "NO_VALID_ENTRIES"} when no set
// holds a value; 429 {message, code: "tooManyRequests"} past the hourly limit.
// The message is the spec's French text; the browser translates the code.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleApi(async () => {
    // Who first: a visitor gets 401 whatever the body.
    const { user } = await requireApiUser(context, request);
    const body = await readJsonBody(request, z.unknown(), { limitBytes: SESSION_BODY_LIMIT_BYTES });
    const parsed = parseSessionPayload(body);
    if (!parsed.ok) throw new ApiError(400, parsed.message);
    const key = idempotencyKeyOf(request, parsed.idempotencyKey);
    const outcome = await saveWorkoutSession(getServices(context), user.id, parsed.session, key, parsed.routineId);
    if (!outcome.ok) {
      return failureResponse({ ...outcome, message: sessionRefusalText(outcome.message) }, { code: outcome.code });
    }
    const { _id } = outcome.session;
    const saved: SavedSessionResponse = { id: _id, _id, newRecords: outcome.newRecords };
    return Response.json(saved, { status: outcome.created ? 201 : 200 });
  });
}
