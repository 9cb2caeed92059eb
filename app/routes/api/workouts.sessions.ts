import { z } from "zod";
import type { Route } from "./+types/workouts.sessions";
import { getServices } from "~/context.server";
import { nextKeysetPageQuery } from "~/domain/keyset-page";
import { parseWorkoutSessionPageQuery } from "~/domain/workout/session-page";
import type { SavedSessionResponse } from "~/domain/workout/exercise-history-schema";
import { IDEMPOTENCY_KEY_PATTERN } from "~/domain/workout/session-payload";
import { parseSessionPayload, SESSION_PAYLOAD_MESSAGES, sessionRefusalText } from "~/domain/workout/session-schema";
import { ApiError, failureResponse, handleApi, methodNotAllowed, readJsonBody } from "~/lib/http.server";
import { requireApiUser } from "~/services/auth/session.server";
import { weekPointsFor } from "~/services/dashboard.server";
import { listWorkoutSessions, saveWorkoutSession } from "~/services/workout/sessions.server";

/**
 * A session's payload is a few kilobytes; half a megabyte holds a session at
 * every limit of the schema (100 exercises of 100 sets, every note full).
 * The HTTP server stops reading past it.
 */
export const SESSION_BODY_LIMIT_BYTES = 512 * 1024;

export const handle = { bodyLimitBytes: SESSION_BODY_LIMIT_BYTES };

/** ?points=week asks for the week chart's points beside the sessions: {items, points}. */
export const POINTS_MESSAGE = 'points ne peut valoir que "week" (les exercices par jour, du lundi au dimanche).';

// GET /api/workouts/sessions[?limit=&before=]: a page of the caller's own
// sessions, newest first by start, 50 at most. A full page links the next
// one (Link header, rel="next"), so the body stays the array clients expect.
// With ?points=week the body is {items, points}: the sessions, and this
// week's exercises per day (Monday to Sunday) from the dashboard's figures.
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user } = await requireApiUser(context, request);
    const params = new URL(request.url).searchParams;
    const points = params.get("points");
    if (points !== null && points !== "week") throw new ApiError(400, POINTS_MESSAGE);
    const query = parseWorkoutSessionPageQuery(params);
    if (!query.ok) throw new ApiError(400, query.message);
    const sessions = await listWorkoutSessions(getServices(context), user.id, query.page);
    const headers = new Headers({ "Cache-Control": "no-store" });
    const next = nextKeysetPageQuery(
      sessions.map((session) => ({ at: new Date(session.startedAt), id: session._id })),
      query.page.limit,
    );
    if (next !== null) headers.set("Link", `</api/workouts/sessions?${next}>; rel="next"`);
    if (points === null) return Response.json(sessions, { headers });
    const week = await weekPointsFor(getServices(context).store, user.id);
    return Response.json({ items: sessions, points: week }, { headers });
  });
}

/** The finish's key: the Idempotency-Key header, else the body's idempotencyKey. */
function idempotencyKeyOf(request: Request, fromBody: string | null): string | null {
  const header = request.headers.get("Idempotency-Key");
  if (header === null) return fromBody;
  if (!IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new ApiError(400, `L'en-tête Idempotency-Key ${SESSION_PAYLOAD_MESSAGES.idempotencyKey}`);
  }
  return header;
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
