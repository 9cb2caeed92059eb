import { z } from "zod";
import { parseRoutineBody, routineRefusalBody } from "~/domain/workout/routine-schema";
import { ROUTINE_REFUSAL_CODES, type RoutineRefusal } from "~/domain/workout/routines";
import { ApiError, readJsonBody } from "./http.server";

// The JSON API's side of the routines: the body of POST and PUT, and a
// refusal as { message, code } (the French text of its key).

/** A refusal as this API answers it: { message, code } with its status (400, or 404 for a routine the caller does not have). */
export function routineRefusalResponse(refusal: RoutineRefusal, status: number, path = ""): Response {
  return Response.json(routineRefusalBody(refusal, path), { status });
}

/** The body of POST and PUT, read and checked; the 400 to answer otherwise. */
export async function readRoutineBody(request: Request) {
  let body: unknown;
  try {
    body = await readJsonBody(request, z.unknown());
  } catch (error) {
    // Not JSON at all: its own words, with the code of a body that is not a routine.
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const response = Response.json(
      { message: error.message, code: ROUTINE_REFUSAL_CODES.invalidBody },
      { status: 400 },
    );
    return { ok: false as const, response };
  }
  const parsed = parseRoutineBody(body);
  return parsed.ok ? parsed : { ...parsed, response: routineRefusalResponse(parsed.refusal, 400, parsed.path) };
}
