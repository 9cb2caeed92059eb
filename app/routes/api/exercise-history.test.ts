import { beforeEach, describe, expect, it } from "vitest";
import {
  EXERCISE_HISTORY_MESSAGES,
  exerciseHistoryResponseSchema,
  recordsResponseSchema,
  savedSessionResponseSchema,
} from "~/domain/workout/exercise-history-schema";
import type { SavedSessionPayload } from "~/domain/workout/session-payload";
import type { EntrySet } from "~/domain/workout/session-entries";
import { NOT_SIGNED_IN_MESSAGE, startSession } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as historyRoute from "./exercises.$id.history.ts";
import * as recordsRoute from "./records.ts";
import * as sessionsRoute from "./workouts.sessions.ts";

const app = freshTestAppPerTest();
let leaToken: string;
let maxToken: string;

beforeEach(async () => {
  const lea = await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  const max = await app.services.store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" });
  leaToken = (await startSession(app.context(), lea.id, { remember: false })).token;
  maxToken = (await startSession(app.context(), max.id, { remember: false })).token;
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const BENCH = "dumbbell-bench-press";
const DAY_MS = 86_400_000;

function history(id: string, headers: Record<string, string>, query = "") {
  return callRoute(
    historyRoute.loader as never,
    new Request(`http://localhost:3000/api/exercises/${id}/history${query}`, { headers }),
    { context: app.context(), params: { id } },
  );
}

function records(headers: Record<string, string>) {
  return callRoute(recordsRoute.loader as never, new Request("http://localhost:3000/api/records", { headers }), {
    context: app.context(),
  });
}

/** Saves a session through the API, `daysAgo` days ago, with these bench press sets. */
async function saveBench(token: string, daysAgo: number, sets: [number, number][]) {
  const endedAt = new Date(Date.now() - daysAgo * DAY_MS);
  const entry = {
    exerciseId: BENCH,
    name: "Développé couché haltères",
    type: "muscu",
    mode: "muscu",
    notes: "",
    done: true,
    sets: sets.map(([weightKg, reps]) => ({ weightKg, reps })),
  };
  const payload: Partial<SavedSessionPayload> & Record<string, unknown> = {
    name: "Pecs",
    startedAt: new Date(endedAt.getTime() - 40 * 60_000).toISOString(),
    endedAt: endedAt.toISOString(),
    entries: [entry as never],
  };
  const response = await callRoute(
    sessionsRoute.action as never,
    jsonRequest("/api/workouts/sessions", payload, { headers: bearer(token) }),
    { context: app.context() },
  );
  expect(response.status).toBe(201);
  return savedSessionResponseSchema.parse(await response.json());
}

/** The query of a Link header's next page. */
function nextQuery(link: string | null): string {
  const match = /^<[^?>]*(\?[^>]*)>; rel="next"$/.exec(link ?? "");
  if (!match) throw new Error(`no next page in ${link}`);
  return match[1]!;
}

describe("GET /api/exercises/{id}/history", () => {
  it("answers 401 without a session, before anything else", async () => {
    for (const id of [BENCH, "not-an-exercise"]) {
      const response = await history(id, {});
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
    }
  });

  it("gives the caller's records and sessions newest first, each with its sets, in the documented shape", async () => {
    await saveBench(leaToken, 6, [
      [20, 10],
      [20, 8],
      [17.5, 10],
    ]);
    const saved = await saveBench(leaToken, 2, [[22.5, 8]]);
    expect(saved.newRecords).toEqual([
      { exerciseId: BENCH, name: "Développé couché haltères", kind: "bestE1rmKg", previous: 26.7, value: 28.5 },
      { exerciseId: BENCH, name: "Développé couché haltères", kind: "heaviestKg", previous: 20, value: 22.5 },
    ]);

    const response = await history(BENCH, bearer(leaToken));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Link")).toBeNull();
    const body = exerciseHistoryResponseSchema.parse(await response.json());
    expect(body.exerciseId).toBe(BENCH);
    expect(body.records).toMatchObject({
      exerciseId: BENCH,
      name: "Développé couché haltères",
      heaviestKg: 22.5,
      bestE1rmKg: 28.5,
      bestVolumeKg: 535,
      mostReps: null,
      longestSec: null,
      longestKm: null,
    });
    expect(body.sessions.map((session) => session.sessionId)[0]).toBe(saved.id);
    expect(body.sessions.map((session) => session.sets.map((set: EntrySet) => [set.weightKg, set.reps]))).toEqual([
      [[22.5, 8]],
      [
        [20, 10],
        [20, 8],
        [17.5, 10],
      ],
    ]);
    expect(body.sessions.map((session) => [session.bestE1rmKg, session.volumeKg])).toEqual([
      [28.5, 180],
      [26.7, 535],
    ]);
  });

  it("answers with the session cookie as with a bearer token, in the request's language", async () => {
    await saveBench(leaToken, 1, [[20, 10]]);
    const lea = await app.services.store.users.findByEmail("lea@example.com");
    const { setCookie } = await startSession(app.context(), lea!.id, { remember: true });
    const response = await history(BENCH, { Cookie: setCookie.split(";")[0]!, "Accept-Language": "de" }, "?lng=de");
    expect(response.status).toBe(200);
    expect((await response.json()).records.name).toBe("Kurzhantel-Bankdrücken");
  });

  it("never shows another user's data", async () => {
    await saveBench(leaToken, 1, [[20, 10]]);
    const response = await history(BENCH, bearer(maxToken));
    const body = exerciseHistoryResponseSchema.parse(await response.json());
    expect(body.sessions).toEqual([]);
    expect(body.records).toMatchObject({ heaviestKg: null, bestE1rmKg: null, setAt: null });
    const list = recordsResponseSchema.parse(await (await records(bearer(maxToken))).json());
    expect(list.records).toEqual([]);
  });

  it("answers 404 {message} for an id the catalogue does not know", async () => {
    for (const id of ["not-an-exercise", "x".repeat(300), "%24gt"]) {
      const response = await history(id, bearer(leaToken));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        message: EXERCISE_HISTORY_MESSAGES.unknownExercise,
        code: "UNKNOWN_EXERCISE",
      });
    }
  });

  it("pages 50 at most, linking the next page until the last", async () => {
    for (let daysAgo = 5; daysAgo >= 1; daysAgo -= 1) await saveBench(leaToken, daysAgo, [[20 + daysAgo, 5]]);

    const first = await history(BENCH, bearer(leaToken), "?limit=2");
    const link = first.headers.get("Link");
    expect(link).toMatch(
      /^<\/api\/exercises\/dumbbell-bench-press\/history\?limit=2&before=\d+-[0-9a-f]{24}>; rel="next"$/,
    );
    const weights = (body: unknown) =>
      exerciseHistoryResponseSchema.parse(body).sessions.map((session) => session.sets[0]!.weightKg);
    expect(weights(await first.json())).toEqual([21, 22]);

    const second = await history(BENCH, bearer(leaToken), nextQuery(link));
    expect(weights(await second.json())).toEqual([23, 24]);
    const third = await history(BENCH, bearer(leaToken), nextQuery(second.headers.get("Link")));
    expect(weights(await third.json())).toEqual([25]);
    expect(third.headers.get("Link")).toBeNull();
  });

  it("answers 400 {message, code} for a limit or a cursor it did not write", async () => {
    for (const [query, message] of [
      ["?limit=0", EXERCISE_HISTORY_MESSAGES.invalidLimit],
      ["?limit=51", EXERCISE_HISTORY_MESSAGES.invalidLimit],
      ["?limit=abc", EXERCISE_HISTORY_MESSAGES.invalidLimit],
      ["?before=yesterday", EXERCISE_HISTORY_MESSAGES.invalidCursor],
    ] as const) {
      const response = await history(BENCH, bearer(leaToken), query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ message, code: "INVALID_QUERY" });
    }
  });

  it("answers 405 to a write", async () => {
    const response = await callRoute(
      historyRoute.action as never,
      jsonRequest(`/api/exercises/${BENCH}/history`, {}, { headers: bearer(leaToken) }),
      { context: app.context(), params: { id: BENCH } },
    );
    expect(response.status).toBe(405);
  });
});

describe("GET /api/records", () => {
  it("answers 401 without a session", async () => {
    const response = await records({});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
  });

  it("lists the caller's records, one per exercise, fields without a value null", async () => {
    await saveBench(leaToken, 3, [[20, 10]]);
    await saveBench(leaToken, 1, [[20, 12]]);
    await saveBench(maxToken, 1, [[80, 3]]);
    const response = await records(bearer(leaToken));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = recordsResponseSchema.parse(await response.json());
    expect(body.records).toEqual([
      {
        exerciseId: BENCH,
        name: "Développé couché haltères",
        heaviestKg: 20,
        // 20 × (1 + 12/30) = 28
        bestE1rmKg: 28,
        bestVolumeKg: 240,
        mostReps: null,
        longestSec: null,
        longestKm: null,
        setAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it("answers 405 to a write", async () => {
    const response = await callRoute(recordsRoute.action as never, jsonRequest("/api/records", {}), {
      context: app.context(),
    });
    expect(response.status).toBe(405);
  });
});
