// A user's workout sessions are read a page at a time, newest first by the
// time they started (keyset paging, app/domain/keyset-page.ts): a session
// finished offline and sent days later still takes its place by its date.

import { type KeysetPageRequest, pageQueryMessages, parseKeysetPageQuery } from "../keyset-page.ts";

/** Sessions per page, and the most a client may ask for (a session carries its sets: pages stay small). */
export const WORKOUT_SESSION_PAGE_SIZE = 50;

export const WORKOUT_SESSION_PAGE_MESSAGES = pageQueryMessages(WORKOUT_SESSION_PAGE_SIZE);

/** `?limit=` and `?before=` of GET /api/workouts/sessions; both optional. */
export function parseWorkoutSessionPageQuery(
  params: URLSearchParams,
): { ok: true; page: KeysetPageRequest } | { ok: false; message: string } {
  return parseKeysetPageQuery(params, WORKOUT_SESSION_PAGE_SIZE);
}

/** Sessions per page of the past-workouts list on /historique: each opens to every set. */
export const PAST_WORKOUTS_PAGE_SIZE = 10;

/** The search parameter of that list's next page: the cursor of the last session shown. */
export const PAST_WORKOUTS_CURSOR_PARAM = "avant";
