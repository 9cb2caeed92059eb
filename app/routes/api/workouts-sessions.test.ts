import { beforeEach, describe, expect, it } from "vitest";
import { emptyCardioSet, emptyStrengthSet, type ExerciseInput } from "~/domain/workout/session-entries";
import { WORKOUT_SESSION_PAGE_MESSAGES } from "~/domain/workout/session-page";
import { buildSessionPayload, type SavedSessionPayload } from "~/domain/workout/session-payload";
import { SESSION_PAYLOAD_MESSAGES } from "~/domain/workout/session-schema";
import { NOT_SIGNED_IN_MESSAGE, startSession } from "~/services/auth/session.server";
import { SESSION_SAVE_LIMIT, type WorkoutSessionView } from "~/services/workout/sessions.server";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as sessionsRoute from "./workouts.sessions.ts";
import * as sessionRoute from "./workouts.sessions.$id.ts";

const app = freshTestAppPerTest();
let leaToken: string;
let leaCookie: string;
let leaId: string;
let maxToken: string;

beforeEach(async () => {
  const lea = await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  const max = await app.services.store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" });
  const leaSession = await startSession(app.context(), lea.id, { remember: false });
  leaToken = leaSession.token;
  leaCookie = leaSession.setCookie.split(";")[0]!;
  leaId = lea.id;
  maxToken = (await startSession(app.context(), max.id, { remember: false })).token;
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const post = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(sessionsRoute.action as never, jsonRequest("/api/workouts/sessions", body, { headers }), {
    context: app.context(),
  });

const get = (headers: Record<string, string> = {}, path = "/api/workouts/sessions") =>
  callRoute(sessionsRoute.loader as never, new Request(`http://localhost:3000${path}`, { headers }), {
    context: app.context(),
  });

const endedAt = new Date(Date.now() - 60_000);
const startedAt = new Date(endedAt.getTime() - 50 * 60_000);

const inputs: Record<string, ExerciseInput> = {
  "bench-press": {
    mode: "muscu",
    sets: [
      { weight: 60, reps: 10, restSec: 90 },
      { weight: 60, reps: 8, restSec: null },
    ],
    cardioSets: [emptyCardioSet()],
    notes: "Bien",
    done: true,
  },
  "push-up": { mode: "pdc", sets: [{ weight: null, reps: 15, restSec: 60 }], cardioSets: [], notes: "", done: true },
  running: {
    mode: "cardio",
    sets: [],
    cardioSets: [{ durationMin: 20, durationSec: null, intensity: 6, distanceKm: 3.5 }],
    notes: "",
    done: true,
  },
  plank: { mode: "muscu", sets: [emptyStrengthSet()], cardioSets: [], notes: "", done: false },
};

function aPayload(overrides: Partial<SavedSessionPayload> = {}): SavedSessionPayload {
  return {
    ...buildSessionPayload({
      name: "Haut du corps",
      exercises: [
        { id: "bench-press", name: "Développé couché" },
        { id: "push-up", name: "Pompes" },
        { id: "running", name: "Course à pied" },
        { id: "plank", name: "Gainage" },
      ],
      inputs,
      startedAt,
      endedAt,
      countedSeconds: 2_710,
      notes: "",
    }),
    ...overrides,
  };
}

async function savedSessions(token = leaToken): Promise<WorkoutSessionView[]> {
  const response = await get(bearer(token));
  expect(response.status).toBe(200);
  return (await response.json()) as WorkoutSessionView[];
}

describe("POST /api/workouts/sessions", () => {
  it("answers 401 without a token, or with an unknown one, whatever the body", async () => {
    for (const headers of [{}, bearer("not-a-real-token")]) {
      const response = await post(aPayload(), headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
    }
    expect((await post("not even an object")).status).toBe(401);
  });

  it("saves a session: 201 {id, _id, newRecords}; the session reads back in the shape the dashboard reads", async () => {
    const response = await post(aPayload(), bearer(leaToken));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { id: string; _id: string };
    // A first session sets records but beats none.
    expect(answer).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), _id: answer.id, newRecords: [] });

    const [session] = await savedSessions();
    expect(session).toMatchObject({
      _id: answer.id,
      id: answer.id,
      name: "Haut du corps",
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      durationSec: 2_710,
      durationMinutes: 45,
      // (60 x 10 + 60 x 8) x 0.075 + 15 x 0.8 + 11 x 20 = 81 + 12 + 220
      calories: 313,
      clientSummary: { plannedExercises: 4, completedExercises: 3, skippedExercises: 1 },
    });
    expect(session!.entries.map((entry) => [entry.name, entry.type, entry.sets.length])).toEqual([
      ["Développé couché", "muscu", 2],
      ["Pompes", "muscu", 1],
      ["Course à pied", "cardio", 1],
    ]);
    expect(await savedSessions(maxToken)).toEqual([]);
  });

  it("computes calories and duration itself: a client's figures are never stored", async () => {
    const payload = aPayload();
    const forged = {
      ...payload,
      durationMinutes: 999,
      meta: { ...payload.meta, durationSec: 86_000 },
      entries: payload.entries.map((entry) => ({
        ...entry,
        calories: 99_999,
        sets: entry.sets.map((set) => ({ ...set, calories: 5_000 })),
      })),
    };
    expect((await post(forged, bearer(leaToken))).status).toBe(201);
    const [session] = await savedSessions();
    // The clock cannot count more than the 50 minutes between start and end.
    expect(session).toMatchObject({ calories: 313, durationSec: 3_000, durationMinutes: 50 });
    expect(session!.entries[0]!.sets[0]!.calories).toBe(45);
  });

  it("reads the spec's other spellings: label for the name, items for the entries, cardioSets and weight", async () => {
    const response = await post(
      {
        label: "Séance libre",
        startedAt: startedAt.toISOString(),
        endedAt: endedAt.toISOString(),
        items: [
          { exerciseId: "rowing-stationary", name: "Rameur", cardioSets: [{ durationMin: 10 }] },
          { exerciseId: "curl", name: "Curl", type: "muscu", sets: [{ weight: 12, reps: 10 }] },
        ],
      },
      bearer(leaToken),
    );
    expect(response.status).toBe(201);
    const [session] = await savedSessions();
    expect(session).toMatchObject({ name: "Séance libre", calories: 79, durationSec: 3_000 });
    expect(session!.entries.map((entry) => [entry.type, entry.sets[0]!.durationSec, entry.sets[0]!.weightKg])).toEqual([
      ["cardio", 600, null],
      ["muscu", null, 12],
    ]);
  });

  it("counts an endurance set as durationMin × 60 + durationSec, either missing, and its calories follow", async () => {
    const shapes: [Record<string, number>, number, number][] = [
      // A run burns 11 kcal a minute.
      [{ durationMin: 10, durationSec: 30 }, 630, 115.5],
      [{ durationMin: 10 }, 600, 110],
      [{ durationSec: 30 }, 30, 5.5],
      [{ durationMin: 0, durationSec: 90 }, 90, 16.5],
    ];
    for (const [index, [set, seconds, calories]] of shapes.entries()) {
      const response = await post(
        {
          name: `Course ${index}`,
          startedAt: startedAt.toISOString(),
          endedAt: endedAt.toISOString(),
          entries: [{ exerciseId: "running", name: "Course à pied", mode: "cardio", sets: [{ ...set, intensity: 6 }] }],
        },
        bearer(leaToken),
      );
      expect(response.status, JSON.stringify(set)).toBe(201);
      const session = (await savedSessions()).find((saved) => saved.name === `Course ${index}`)!;
      expect(session.entries[0]!.sets[0], JSON.stringify(set)).toMatchObject({ durationSec: seconds, calories });
      expect(session.calories).toBe(Math.round(calories));
    }
  });

  it("saves nothing without one valid entry: 400 {message, code: NO_VALID_ENTRIES}", async () => {
    for (const entries of [[], aPayload().entries.map((entry) => ({ ...entry, sets: [{ reps: 0, restSec: 90 }] }))]) {
      const response = await post({ ...aPayload(), entries, items: entries }, bearer(leaToken));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: SESSION_PAYLOAD_MESSAGES.noValidEntries,
        code: "NO_VALID_ENTRIES",
      });
    }
    expect(await savedSessions()).toEqual([]);
  });

  it("saves one finish once: a second copy with the same key answers 200 with the first id", async () => {
    const idempotencyKey = "5f1c3b1e-9a77-4b53-8d0e-2a6f4c1d9e10";
    const first = await post(aPayload({ idempotencyKey }), bearer(leaToken));
    const second = await post(aPayload({ idempotencyKey, name: "copie" }), bearer(leaToken));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect((await savedSessions()).map((session) => session.name)).toEqual(["Haut du corps"]);

    // The Idempotency-Key header says the same.
    const viaHeader = { ...bearer(leaToken), "Idempotency-Key": "header-key-0001" };
    expect((await post(aPayload(), viaHeader)).status).toBe(201);
    expect((await post(aPayload(), viaHeader)).status).toBe(200);
    expect(await savedSessions()).toHaveLength(2);
  });

  it("lets no more than the hourly limit of new sessions in, repeated copies costing nothing", async () => {
    const keyOf = (index: number) => `limit-check-key-${index}`;
    expect((await post(aPayload({ idempotencyKey: keyOf(0) }), bearer(leaToken))).status).toBe(201);
    for (let copy = 0; copy < 5; copy += 1) {
      expect((await post(aPayload({ idempotencyKey: keyOf(0) }), bearer(leaToken))).status).toBe(200);
    }
    for (let index = 1; index < SESSION_SAVE_LIMIT.points; index += 1) {
      expect((await post(aPayload({ idempotencyKey: keyOf(index) }), bearer(leaToken))).status).toBe(201);
    }
    const refused = await post(aPayload(), bearer(leaToken));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const minutes = Math.ceil(Number(refused.headers.get("Retry-After")) / 60);
    // The spec's French text, and the code the browser translates.
    expect(await refused.json()).toEqual({
      message: `Trop de séances enregistrées en une heure. Réessaie dans ${minutes} min.`,
      code: "tooManyRequests",
    });
    expect(await savedSessions()).toHaveLength(50);
    // Someone else's budget is theirs.
    expect((await post(aPayload(), bearer(maxToken))).status).toBe(201);
  });

  describe("refuses hostile payloads with 400 {message} naming the field, and saves nothing", () => {
    const base = () => aPayload() as unknown as Record<string, unknown>;
    const withEntry = (entry: Record<string, unknown>) => {
      const payload = base();
      payload.entries = [{ ...(payload.entries as object[])[0], ...entry }];
      return payload;
    };
    const withSet = (set: Record<string, unknown>) => withEntry({ sets: [{ reps: 10, ...set }] });
    const cases: [string, unknown, string][] = [
      ["an array", [aPayload()], SESSION_PAYLOAD_MESSAGES.bodyNotAnObject],
      ["null", null, SESSION_PAYLOAD_MESSAGES.bodyNotAnObject],
      ["an operator as the name", { ...base(), name: { $gt: "" } }, `name ${SESSION_PAYLOAD_MESSAGES.text(120)}`],
      ["an operator as a date", { ...base(), startedAt: { $gt: "" } }, `startedAt ${SESSION_PAYLOAD_MESSAGES.date}`],
      [
        "an operator as an exercise id",
        withEntry({ exerciseId: { $ne: null } }),
        `entries[0].exerciseId ${SESSION_PAYLOAD_MESSAGES.text(100)}`,
      ],
      ["reps as text", withSet({ reps: "10" }), `entries[0].sets[0].reps ${SESSION_PAYLOAD_MESSAGES.number(0, 1000)}`],
      ["negative reps", withSet({ reps: -3 }), `entries[0].sets[0].reps ${SESSION_PAYLOAD_MESSAGES.number(0, 1000)}`],
      [
        "an absurd weight",
        withSet({ weightKg: 5_000 }),
        `entries[0].sets[0].weightKg ${SESSION_PAYLOAD_MESSAGES.number(0, 1000)}`,
      ],
      [
        "an absurd duration",
        withSet({ durationSec: 1e12 }),
        `entries[0].sets[0].durationSec ${SESSION_PAYLOAD_MESSAGES.number(0, 86400)}`,
      ],
      [
        "minutes and seconds adding up to more than a day",
        withSet({ durationMin: 1_440, durationSec: 1 }),
        `entries[0].sets[0] ${SESSION_PAYLOAD_MESSAGES.setTooLong}`,
      ],
      [
        "an intensity of 11",
        withSet({ intensity: 11 }),
        `entries[0].sets[0].intensity ${SESSION_PAYLOAD_MESSAGES.number(1, 10)}`,
      ],
      ["an unknown mode", withEntry({ mode: "yoga" }), `entries[0].mode ${SESSION_PAYLOAD_MESSAGES.mode}`],
      [
        "sets that are not a list",
        withEntry({ sets: { 0: { reps: 1 } } }),
        `entries[0].sets ${SESSION_PAYLOAD_MESSAGES.notAList}`,
      ],
      [
        "a thousand sets",
        withEntry({ sets: Array.from({ length: 1_000 }, () => ({ reps: 1 })) }),
        `entries[0].sets ${SESSION_PAYLOAD_MESSAGES.tooMany(100)}`,
      ],
      [
        "thousands of entries",
        { ...base(), entries: Array.from({ length: 5_000 }, () => ({ exerciseId: "a", sets: [{ reps: 1 }] })) },
        `entries ${SESSION_PAYLOAD_MESSAGES.tooMany(100)}`,
      ],
      [
        "notes past their length",
        withEntry({ notes: "x".repeat(1_001) }),
        `entries[0].notes ${SESSION_PAYLOAD_MESSAGES.text(1000)}`,
      ],
      ["no start", { ...base(), startedAt: undefined }, `startedAt ${SESSION_PAYLOAD_MESSAGES.date}`],
      [
        "a date without a zone",
        { ...base(), endedAt: "2026-05-04T18:00:00" },
        `endedAt ${SESSION_PAYLOAD_MESSAGES.date}`,
      ],
      [
        "an end before the start",
        { ...base(), startedAt: endedAt.toISOString(), endedAt: startedAt.toISOString() },
        SESSION_PAYLOAD_MESSAGES.endedBeforeStart,
      ],
      [
        "an end in the future",
        {
          ...base(),
          startedAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          endedAt: new Date(Date.now() + 2 * 86_400_000 + 60_000).toISOString(),
        },
        SESSION_PAYLOAD_MESSAGES.inTheFuture,
      ],
      [
        "a session of ten days",
        { ...base(), startedAt: new Date(endedAt.getTime() - 10 * 86_400_000).toISOString() },
        SESSION_PAYLOAD_MESSAGES.tooLong,
      ],
      [
        "a session in 1999",
        { ...base(), startedAt: "1999-01-01T10:00:00.000Z", endedAt: "1999-01-01T11:00:00.000Z" },
        SESSION_PAYLOAD_MESSAGES.tooOld,
      ],
      [
        "a malformed idempotency key",
        { ...base(), idempotencyKey: "a b" },
        `idempotencyKey ${SESSION_PAYLOAD_MESSAGES.idempotencyKey}`,
      ],
      [
        "a summary count out of bounds",
        { ...base(), summary: { plannedExercises: -1 } },
        `summary.plannedExercises ${SESSION_PAYLOAD_MESSAGES.wholeNumber(100)}`,
      ],
    ];

    it.each(cases)("%s", async (_label, body, message) => {
      const response = await post(body, bearer(leaToken));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
      expect(await savedSessions()).toEqual([]);
    });

    it("a malformed Idempotency-Key header", async () => {
      const response = await post(aPayload(), { ...bearer(leaToken), "Idempotency-Key": "x" });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^L'en-tête Idempotency-Key/);
    });

    it("a body past half a megabyte: 413", async () => {
      const response = await post(withEntry({ notes: "x".repeat(600 * 1024) }), bearer(leaToken));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: "Requête trop volumineuse (512 Ko maximum)." });
    });

    it("a body that is not JSON", async () => {
      const request = new Request("http://localhost:3000/api/workouts/sessions", {
        method: "POST",
        headers: { ...bearer(leaToken), "Content-Type": "application/json" },
        body: "{not json",
      });
      const response = await callRoute(sessionsRoute.action as never, request, { context: app.context() });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Corps de requête JSON invalide." });
    });
  });
});

describe("GET /api/workouts/sessions", () => {
  it("answers 401 without a token", async () => {
    const response = await get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
  });

  it("lists the caller's sessions newest first by start, a page at a time, linking the next", async () => {
    for (let index = 0; index < 3; index += 1) {
      const start = new Date(startedAt.getTime() - index * 86_400_000);
      await post(
        aPayload({
          name: `J-${index}`,
          startedAt: start.toISOString(),
          endedAt: new Date(start.getTime() + 1_800_000).toISOString(),
        }),
        bearer(leaToken),
      );
    }
    const first = await get(bearer(leaToken), "/api/workouts/sessions?limit=2");
    expect(((await first.json()) as WorkoutSessionView[]).map((session) => session.name)).toEqual(["J-0", "J-1"]);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const link = first.headers.get("Link")!;
    expect(link).toMatch(/^<\/api\/workouts\/sessions\?limit=2&before=\d+-[0-9a-f]{24}>; rel="next"$/);

    const second = await get(bearer(leaToken), link.slice(1, link.indexOf(">")));
    expect(((await second.json()) as WorkoutSessionView[]).map((session) => session.name)).toEqual(["J-2"]);
    expect(second.headers.get("Link")).toBeNull();
  });

  it("refuses a page size or a cursor it did not write", async () => {
    for (const query of ["limit=0", "limit=51", "limit=abc"]) {
      const response = await get(bearer(leaToken), `/api/workouts/sessions?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: WORKOUT_SESSION_PAGE_MESSAGES.invalidLimit });
    }
    const response = await get(bearer(leaToken), "/api/workouts/sessions?before=yesterday");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: WORKOUT_SESSION_PAGE_MESSAGES.invalidCursor });
  });
});

describe("DELETE /api/workouts/sessions/:id", () => {
  const remove = (id: string, headers: Record<string, string> = {}) =>
    callRoute(
      sessionRoute.action as never,
      new Request(`http://localhost:3000/api/workouts/sessions/${id}`, { method: "DELETE", headers }),
      { context: app.context(), params: { id } },
    );
  const saveOne = async (name: string) => {
    const response = await post(aPayload({ name, idempotencyKey: undefined }), bearer(leaToken));
    return ((await response.json()) as { id: string }).id;
  };

  it("deletes the caller's own session, and the dashboard's figures follow", async () => {
    const kept = await saveOne("Gardée");
    const deleted = await saveOne("Supprimée");
    expect(await app.services.store.workoutStats.totals(leaId)).toMatchObject({ sessions: 2, calories: 626 });

    const response = await remove(deleted, bearer(leaToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect((await savedSessions()).map((session) => session._id)).toEqual([kept]);
    expect(await app.services.store.workoutStats.totals(leaId)).toMatchObject({ sessions: 1, calories: 313 });
    const today = new Date().toISOString().slice(0, 10);
    const aWeekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const days = await app.services.store.workoutStats.days(leaId, { from: aWeekAgo, to: today });
    expect(days.reduce((sum, day) => sum + day.sessions, 0)).toBe(1);

    // Gone: a second call finds nothing.
    expect((await remove(deleted, bearer(leaToken))).status).toBe(404);
  });

  it("takes the session cookie from this site, and refuses it from another", async () => {
    const id = await saveOne("Par cookie");
    expect((await remove(id, { Cookie: leaCookie, Origin: "https://evil.example" })).status).toBe(403);
    expect((await remove(id, { Cookie: leaCookie, Origin: "http://localhost:3000" })).status).toBe(200);
    expect(await savedSessions()).toEqual([]);
  });

  it("answers 404 for another user's session and leaves it alone; 404 for an unknown or malformed id", async () => {
    const id = await saveOne("De Léa");
    const response = await remove(id, bearer(maxToken));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: sessionRoute.WORKOUT_SESSION_NOT_FOUND });
    expect(await savedSessions()).toHaveLength(1);
    expect(await app.services.store.workoutStats.totals(leaId)).toMatchObject({ sessions: 1 });
    for (const unknown of ["0123456789abcdef01234567", "pas-un-id", '{"$gt":""}']) {
      expect((await remove(unknown, bearer(leaToken))).status).toBe(404);
    }
  });

  it("answers 401 when nobody is signed in, and 405 to another method", async () => {
    const id = await saveOne("Anonyme");
    expect((await remove(id)).status).toBe(401);
    const put = await callRoute(
      sessionRoute.action as never,
      new Request(`http://localhost:3000/api/workouts/sessions/${id}`, { method: "PUT", headers: bearer(leaToken) }),
      { context: app.context(), params: { id } },
    );
    expect(put.status).toBe(405);
    expect(await savedSessions()).toHaveLength(1);
  });
});
