import { beforeEach, describe, expect, it } from "vitest";
import { ROUTINE_MESSAGES, routineResponseSchema, routinesResponseSchema } from "~/domain/workout/routine-schema";
import type { RoutineDraft } from "~/domain/workout/routines";
import { NOT_SIGNED_IN_MESSAGE, startSession } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as routineRoute from "./routines.$id.ts";
import * as routinesRoute from "./routines.ts";
import * as sessionsRoute from "./workouts.sessions.ts";

const app = freshTestAppPerTest();
let lea: string;
let max: string;
let leaToken: string;
let maxToken: string;

beforeEach(async () => {
  lea = (await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" })).id;
  max = (await app.services.store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" })).id;
  leaToken = (await startSession(app.context(), lea, { remember: false })).token;
  maxToken = (await startSession(app.context(), max, { remember: false })).token;
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const upperBody = {
  name: "Haut du corps",
  exercises: [
    {
      exerciseId: "dumbbell-bench-press",
      mode: "muscu",
      targets: [
        { reps: 10, weightKg: 20 },
        { reps: 8, weightKg: 22.5 },
      ],
    },
    { exerciseId: "pushups", mode: "pdc" },
    { exerciseId: "running", mode: "cardio", targets: [{ durationSec: 1200 }] },
  ],
};

function list(headers: Record<string, string>) {
  return callRoute(routinesRoute.loader as never, new Request("http://localhost:3000/api/routines", { headers }), {
    context: app.context(),
  });
}

function create(body: unknown, headers: Record<string, string>) {
  return callRoute(routinesRoute.action as never, jsonRequest("/api/routines", body, { headers }), {
    context: app.context(),
  });
}

function one(id: string, headers: Record<string, string>, init: RequestInit = {}) {
  const handler = init.method && init.method !== "GET" ? routineRoute.action : routineRoute.loader;
  const request = init.body
    ? jsonRequest(`/api/routines/${id}`, init.body, { ...init, headers })
    : new Request(`http://localhost:3000/api/routines/${id}`, { ...init, headers });
  return callRoute(handler as never, request, { context: app.context(), params: { id } });
}

async function created(token: string, body: unknown = upperBody) {
  const response = await create(body, bearer(token));
  expect(response.status).toBe(201);
  return routineResponseSchema.parse(await response.json()).routine;
}

/** What the store holds for the user: a refusal must leave it as it was. */
const stored = (userId: string) => app.services.store.routines.listForUser(userId);

describe("401 signed out", () => {
  it("answers every call without a session before reading anything", async () => {
    const routine = await created(leaToken);
    const answers = [
      await list({}),
      await create(upperBody, {}),
      await create("not json", {}),
      await one(routine.id, {}),
      await one(routine.id, {}, { method: "PUT", body: JSON.stringify(upperBody) }),
      await one(routine.id, {}, { method: "DELETE" }),
      await one(routine.id, bearer("not-a-token"), { method: "DELETE" }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
    }
    expect(await stored(lea)).toHaveLength(1);
  });
});

describe("POST /api/routines", () => {
  it("saves the routine and answers it with its exercises' names, in the documented shape", async () => {
    const response = await create(upperBody, bearer(leaToken));

    expect(response.status).toBe(201);
    const { routine } = routineResponseSchema.parse(await response.json());
    expect(response.headers.get("Location")).toBe(`/api/routines/${routine.id}`);
    expect(routine).toMatchObject({
      name: "Haut du corps",
      lastDoneAt: null,
      exercises: [
        {
          exerciseId: "dumbbell-bench-press",
          name: "Développé couché haltères",
          mode: "muscu",
          targets: [
            { reps: 10, weightKg: 20, durationSec: null },
            { reps: 8, weightKg: 22.5, durationSec: null },
          ],
        },
        { exerciseId: "pushups", mode: "pdc", targets: [] },
        { exerciseId: "running", mode: "cardio", targets: [{ reps: null, weightKg: null, durationSec: 1200 }] },
      ],
    });
    expect(await stored(lea)).toHaveLength(1);
    expect(await stored(max)).toEqual([]);
  });

  it.each([
    [
      "an exercise the catalogue does not have",
      { ...upperBody, exercises: [{ exerciseId: "no-such-exercise", mode: "muscu" }] },
      "UNKNOWN_EXERCISE",
    ],
    ["an empty list", { ...upperBody, exercises: [] }, "NO_EXERCISES"],
    ["a name over 80 characters", { ...upperBody, name: "x".repeat(81) }, "NAME_TOO_LONG"],
    ["no name", { exercises: upperBody.exercises }, "NAME_REQUIRED"],
    [
      "more than 30 exercises",
      {
        ...upperBody,
        exercises: Array.from({ length: 31 }, (_, index) => ({ exerciseId: `e-${index}`, mode: "muscu" })),
      },
      "TOO_MANY_EXERCISES",
    ],
    [
      "more than 20 targets",
      {
        ...upperBody,
        exercises: [{ exerciseId: "pushups", mode: "pdc", targets: Array.from({ length: 21 }, () => ({ reps: 8 })) }],
      },
      "TOO_MANY_TARGETS",
    ],
    [
      "an exercise twice",
      { ...upperBody, exercises: [...upperBody.exercises, upperBody.exercises[1]] },
      "DUPLICATE_EXERCISE",
    ],
    [
      "reps in endurance mode",
      { ...upperBody, exercises: [{ exerciseId: "running", mode: "cardio", targets: [{ reps: 5 }] }] },
      "INVALID_TARGET",
    ],
    ["an unknown mode", { ...upperBody, exercises: [{ exerciseId: "running", mode: "marche" }] }, "INVALID_MODE"],
    ["an operator object", { name: { $gt: "" }, exercises: { $ne: [] } }, "NAME_REQUIRED"],
    ["a body that is not an object", [upperBody], "INVALID_BODY"],
  ])("refuses %s with 400 { message, code } and saves nothing", async (_, body, code) => {
    const response = await create(body, bearer(leaToken));
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.code).toBe(code);
    expect(typeof answer.message).toBe("string");
    expect(await stored(lea)).toEqual([]);
  });

  it("names the field a refusal is about, in French", async () => {
    const body = {
      ...upperBody,
      exercises: [{ exerciseId: "running", mode: "cardio", targets: [{ durationSec: 60 }, { durationSec: 0 }] }],
    };
    expect(await (await create(body, bearer(leaToken))).json()).toEqual({
      message: `exercises[0].targets[1].durationSec\u00a0: ${ROUTINE_MESSAGES.invalidDuration}`,
      code: "INVALID_TARGET",
    });
  });

  it("refuses a body that is not JSON with its code", async () => {
    const response = await create("{ name: ", bearer(leaToken));
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("INVALID_BODY");
  });

  it("refuses the 51st routine and keeps the 50", async () => {
    const draft: RoutineDraft = { name: "R", exercises: [{ exerciseId: "pushups", mode: "pdc", targets: [] }] };
    for (let index = 0; index < 50; index += 1) {
      await app.services.store.routines.create(lea, { ...draft, name: `R${index}` }, { maxPerUser: 50 });
    }
    const response = await create(upperBody, bearer(leaToken));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: ROUTINE_MESSAGES.tooManyRoutines, code: "TOO_MANY_ROUTINES" });
    const kept = await stored(lea);
    expect(kept).toHaveLength(50);
    expect(kept.map((routine) => routine.name)).not.toContain("Haut du corps");
    // Another user still has all of their places.
    await created(maxToken);
  });

  it("answers 405 to another method", async () => {
    const response = await callRoute(
      routinesRoute.action as never,
      new Request("http://localhost:3000/api/routines", { method: "PATCH", headers: bearer(leaToken) }),
      { context: app.context() },
    );
    expect(response.status).toBe(405);
  });
});

describe("GET /api/routines", () => {
  it("lists the caller's routines only, most recently made first, in the documented shape", async () => {
    const first = await created(leaToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await created(leaToken, { ...upperBody, name: "Jambes" });
    await created(maxToken, { ...upperBody, name: "La routine de Max" });

    const response = await list(bearer(leaToken));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { routines } = routinesResponseSchema.parse(await response.json());
    expect(routines).toEqual([second, first]);
  });

  it("answers with the session cookie as with a bearer token, names in the request's language", async () => {
    await created(leaToken);
    const { setCookie } = await startSession(app.context(), lea, { remember: true });
    const response = await callRoute(
      routinesRoute.loader as never,
      new Request("http://localhost:3000/api/routines?lng=de", { headers: { Cookie: setCookie.split(";")[0]! } }),
      { context: app.context() },
    );
    expect(response.status).toBe(200);
    expect((await response.json()).routines[0].exercises[0].name).toBe("Kurzhantel-Bankdrücken");
  });
});

describe("/api/routines/{id}", () => {
  it("gives, changes and deletes the caller's routine", async () => {
    const routine = await created(leaToken);

    const read = await one(routine.id, bearer(leaToken));
    expect(read.status).toBe(200);
    expect(routineResponseSchema.parse(await read.json()).routine).toEqual(routine);

    const changes = { name: "Haut du corps, version 2", exercises: [upperBody.exercises[1], upperBody.exercises[0]] };
    const put = await one(routine.id, bearer(leaToken), { method: "PUT", body: JSON.stringify(changes) });
    expect(put.status).toBe(200);
    const updated = routineResponseSchema.parse(await put.json()).routine;
    expect(updated).toMatchObject({ id: routine.id, name: "Haut du corps, version 2", createdAt: routine.createdAt });
    expect(updated.exercises.map((exercise) => exercise.exerciseId)).toEqual(["pushups", "dumbbell-bench-press"]);

    const gone = await one(routine.id, bearer(leaToken), { method: "DELETE" });
    expect(gone.status).toBe(204);
    expect(await stored(lea)).toEqual([]);
    expect((await one(routine.id, bearer(leaToken))).status).toBe(404);
  });

  it("answers 404, never 403, for another user's routine, and changes nothing of it", async () => {
    const routine = await created(leaToken);
    const before = await stored(lea);
    const answers = [
      await one(routine.id, bearer(maxToken)),
      await one(routine.id, bearer(maxToken), { method: "PUT", body: JSON.stringify({ ...upperBody, name: "Volée" }) }),
      // A body that would be refused still says nothing of whose routine it is.
      await one(routine.id, bearer(maxToken), { method: "PUT", body: JSON.stringify({ name: "" }) }),
      await one(routine.id, bearer(maxToken), { method: "DELETE" }),
    ];
    for (const response of answers) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: ROUTINE_MESSAGES.notFound, code: "ROUTINE_NOT_FOUND" });
    }
    expect(await stored(lea)).toEqual(before);
  });

  it("answers 404 for an id that names no routine, well formed or not", async () => {
    for (const id of ["0123456789abcdef01234567", "nope", "%24gt"]) {
      expect((await one(id, bearer(leaToken))).status).toBe(404);
      expect((await one(id, bearer(leaToken), { method: "DELETE" })).status).toBe(404);
      expect((await one(id, bearer(leaToken), { method: "PUT", body: JSON.stringify(upperBody) })).status).toBe(404);
    }
  });

  it("refuses a change the rules refuse with 400 { message, code } and keeps the routine as it was", async () => {
    const routine = await created(leaToken);
    const before = await stored(lea);
    for (const [body, code] of [
      [{ ...upperBody, exercises: [] }, "NO_EXERCISES"],
      [{ ...upperBody, exercises: [{ exerciseId: "no-such-exercise", mode: "muscu" }] }, "UNKNOWN_EXERCISE"],
      [{ ...upperBody, name: "y".repeat(81) }, "NAME_TOO_LONG"],
    ] as const) {
      const response = await one(routine.id, bearer(leaToken), { method: "PUT", body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe(code);
    }
    expect(await stored(lea)).toEqual(before);
  });
});

describe("a session run from a routine", () => {
  function saveSession(token: string, routineId: unknown, endedAt = new Date()) {
    const payload = {
      name: "Haut du corps",
      startedAt: new Date(endedAt.getTime() - 45 * 60_000).toISOString(),
      endedAt: endedAt.toISOString(),
      entries: [{ exerciseId: "pushups", name: "Pompes", mode: "pdc", sets: [{ reps: 12 }] }],
      routineId,
    };
    return callRoute(
      sessionsRoute.action as never,
      jsonRequest("/api/workouts/sessions", payload, { headers: bearer(token) }),
      { context: app.context() },
    );
  }

  it("becomes its last run", async () => {
    const routine = await created(leaToken);
    const endedAt = new Date(Date.now() - 60_000);
    expect((await saveSession(leaToken, routine.id, endedAt)).status).toBe(201);
    const read = routineResponseSchema.parse(await (await one(routine.id, bearer(leaToken))).json()).routine;
    expect(read.lastDoneAt).toBe(endedAt.toISOString());
  });

  it("is saved all the same with another user's routine, which it leaves alone", async () => {
    const routine = await created(leaToken);
    expect((await saveSession(maxToken, routine.id)).status).toBe(201);
    expect((await stored(lea))[0]!.lastDoneAt).toBeNull();
  });

  it("refuses a routineId that cannot be one", async () => {
    const response = await saveSession(leaToken, { $gt: "" });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^routineId /);
  });
});
