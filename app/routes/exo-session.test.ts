import { beforeEach, describe, expect, it } from "vitest";
import { exerciseField, formatSessionIntent, SESSION_FORM_FIELDS } from "~/domain/workout/session-form";
import { startSession } from "~/services/auth/session.server";
import type { SessionActionData } from "~/services/workout/session-page.server";
import { SESSION_SAVE_LIMIT } from "~/services/workout/sessions.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as exoRoute from "./exo.tsx";

// The session view's form sent without JavaScript, through the /exo route action.

const app = freshTestAppPerTest();
const origin = "http://localhost:3000";
const page = "/exo?mode=seance&choix=dumbbell-bench-press&choix=running&nom=Jambes+du+lundi";
let cookie: string;
let userId: string;

beforeEach(async () => {
  const user = await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  userId = user.id;
  cookie = (await startSession(app.context(), user.id, { remember: false })).setCookie.split(";")[0]!;
});

const startedAt = String(Date.now() - 30 * 60_000);

/** Both exercises as the form lists them; the bench press with one set of 20 kg x 10. */
function sessionForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    [SESSION_FORM_FIELDS.startedAt]: startedAt,
    [SESSION_FORM_FIELDS.idempotencyKey]: "6a1b2c3d-0000-4000-8000-00000000abcd",
    [exerciseField.id(0)]: "dumbbell-bench-press",
    [exerciseField.mode(0)]: "muscu",
    [exerciseField.weight(0, 0)]: "20",
    [exerciseField.reps(0, 0)]: "10",
    [exerciseField.restSec(0, 0)]: "",
    [exerciseField.notes(0)]: "",
    [exerciseField.id(1)]: "running",
    [exerciseField.mode(1)]: "cardio",
    [exerciseField.durationMin(1, 0)]: "",
    [exerciseField.durationSec(1, 0)]: "",
    [exerciseField.intensity(1, 0)]: "5",
    [exerciseField.distanceKm(1, 0)]: "",
    ...overrides,
  };
}

async function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = await callRoute(
    exoRoute.action as never,
    new Request(`${origin}${page}`, { method: "POST", body, headers: { Origin: origin, ...headers } }),
    { context: app.context() },
  );
  return { status: response.status, data: (await response.json()) as SessionActionData };
}

const finish = formatSessionIntent({ kind: "finish" });

describe("/exo action: the session's form without JavaScript", () => {
  it("finishes a signed-in user's session: saved once, with the server's figures, and the summary", async () => {
    const { status, data } = await post({ ...sessionForm(), intent: finish }, { Cookie: cookie });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      kind: "summary",
      result: {
        name: "Jambes du lundi",
        outcome: "saved",
        savedCount: 1,
        calories: 15,
        summary: { plannedExercises: 2, completedExercises: 1, skippedExercises: 1 },
      },
    });
    const [saved, ...others] = await app.services.store.workoutSessions.listForUser(userId);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({
      name: "Jambes du lundi",
      calories: 15,
      idempotencyKey: "6a1b2c3d-0000-4000-8000-00000000abcd",
    });
    // The start written into the page: about half an hour.
    expect(saved!.durationSec).toBeGreaterThanOrEqual(30 * 60);
    expect(saved!.durationSec).toBeLessThan(31 * 60);

    // The same form sent again (a reload of the answer): the session stays saved once.
    const again = await post({ ...sessionForm(), intent: finish }, { Cookie: cookie });
    expect(again.data).toMatchObject({ kind: "summary", result: { outcome: "saved" } });
    expect(await app.services.store.workoutSessions.listForUser(userId)).toHaveLength(1);
  });

  it("shows the signed-in user's last session in the page's data once one is saved", async () => {
    const load = async () => {
      const response = await callRoute(
        exoRoute.loader as never,
        new Request(`${origin}${page}`, { headers: { Cookie: cookie } }),
        { context: app.context() },
      );
      return ((await response.json()) as { lastSession: unknown }).lastSession;
    };
    expect(await load()).toBeNull();
    await post({ ...sessionForm(), intent: finish }, { Cookie: cookie });
    expect(await load()).toMatchObject({ name: "Jambes du lundi", calories: 15, durationMinutes: 30 });
  });

  it("shows a visitor the summary and saves nothing", async () => {
    const { data } = await post({ ...sessionForm(), intent: finish });
    expect(data).toMatchObject({ kind: "summary", result: { outcome: "signed-out", calories: 15 } });
    expect(await app.services.store.workoutSessions.listForUser(userId)).toEqual([]);
  });

  it("saves nothing, without an error, when no set holds a value", async () => {
    const { data } = await post(
      { ...sessionForm({ [exerciseField.weight(0, 0)]: "", [exerciseField.reps(0, 0)]: "" }), intent: finish },
      { Cookie: cookie },
    );
    expect(data).toMatchObject({
      kind: "summary",
      result: { outcome: "nothing-to-save", savedCount: 0, errorCount: 0 },
    });
    expect(await app.services.store.workoutSessions.listForUser(userId)).toEqual([]);
  });

  it("summarises a refusal past the hourly limit as a message key with its values, not French text", async () => {
    const limiter = app.services.store.rateLimiter(SESSION_SAVE_LIMIT);
    for (let index = 0; index < SESSION_SAVE_LIMIT.points; index += 1) await limiter.consume(userId);
    const { data } = await post({ ...sessionForm(), intent: finish }, { Cookie: cookie });
    expect(data).toMatchObject({
      kind: "summary",
      result: { outcome: "failed", savedCount: 0, errorCount: 1, refusal: { key: "tooMany", values: { minutes: 60 } } },
    });
    expect(await app.services.store.workoutSessions.listForUser(userId)).toEqual([]);
  });

  it("gives the form back with one more set copying the last one, what was typed kept, the exercise in focus", async () => {
    const { status, data } = await post({
      ...sessionForm(),
      intent: formatSessionIntent({ kind: "add-set", exercise: 0 }),
    });
    expect(status).toBe(200);
    expect(data.kind).toBe("form");
    if (data.kind !== "form") return;
    expect(data.focus).toBe(0);
    expect(data.state.inputs["dumbbell-bench-press"]!.sets).toEqual([
      { weight: 20, reps: 10, restSec: null },
      { weight: 20, reps: 10, restSec: null },
    ]);
    expect(data.state).toMatchObject({
      startedAt: Number(startedAt),
      idempotencyKey: "6a1b2c3d-0000-4000-8000-00000000abcd",
    });
  });

  it("applies a mode chosen in the form", async () => {
    const { data } = await post({
      ...sessionForm({ [exerciseField.mode(0)]: "cardio" }),
      intent: formatSessionIntent({ kind: "apply-mode", exercise: 0 }),
    });
    expect(data.kind === "form" && data.state.inputs["dumbbell-bench-press"]!.mode).toBe("cardio");
  });

  it("refuses to finish with a value that is not a number, keeping the form: 400", async () => {
    const { status, data } = await post(
      { ...sessionForm({ [exerciseField.reps(0, 0)]: "dix" }), intent: finish },
      { Cookie: cookie },
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({ kind: "form", focus: 0, errors: [{ exercise: 0, field: exerciseField.reps(0, 0) }] });
    expect(await app.services.store.workoutSessions.listForUser(userId)).toEqual([]);
  });

  it("takes a form without a button as 'keep what was typed' (Enter in a field)", async () => {
    const { data } = await post(sessionForm(), { Cookie: cookie });
    expect(data.kind).toBe("form");
    expect(await app.services.store.workoutSessions.listForUser(userId)).toEqual([]);
  });
});

describe("/exo: a lifter's memory in the session view", () => {
  async function load(headers: Record<string, string> = {}) {
    const response = await callRoute(exoRoute.loader as never, new Request(`${origin}${page}`, { headers }), {
      context: app.context(),
    });
    return (await response.json()) as { memory: { signedIn: boolean; lastTimes: Record<string, { line: string }> } };
  }

  it("gives a visitor no memory, and a signed-in user each exercise's last time as a line in the page's language", async () => {
    expect((await load()).memory).toEqual({ signedIn: false, lastTimes: {} });
    expect((await load({ Cookie: cookie })).memory).toEqual({ signedIn: true, lastTimes: {} });

    const sets = { [exerciseField.weight(0, 1)]: "17,5", [exerciseField.reps(0, 1)]: "12" };
    await post({ ...sessionForm(sets), intent: finish }, { Cookie: cookie });
    const { memory } = await load({ Cookie: cookie });
    expect(Object.keys(memory.lastTimes)).toEqual(["dumbbell-bench-press"]);
    expect(memory.lastTimes["dumbbell-bench-press"]!.line).toMatch(
      /^Dernière fois \(\d\d\/\d\d\)\u202f: 20 kg × 10 · 17,5 kg × 12$/,
    );
  });

  it("'Reprendre mes séries' without JavaScript copies last time's sets into the empty rows", async () => {
    const sets = { [exerciseField.weight(0, 1)]: "17,5", [exerciseField.reps(0, 1)]: "12" };
    await post({ ...sessionForm(sets), intent: finish }, { Cookie: cookie });

    const empty = sessionForm({
      [SESSION_FORM_FIELDS.idempotencyKey]: "6a1b2c3d-0000-4000-8000-00000000beef",
      [exerciseField.weight(0, 0)]: "",
      [exerciseField.reps(0, 0)]: "",
    });
    const resume = formatSessionIntent({ kind: "resume-sets", exercise: 0 });
    const { status, data } = await post({ ...empty, intent: resume }, { Cookie: cookie });
    expect(status).toBe(200);
    if (data.kind !== "form") throw new Error("the form should come back");
    expect(data.focus).toBe(0);
    expect(data.state.inputs["dumbbell-bench-press"]!.sets).toEqual([
      { weight: 20, reps: 10, restSec: null },
      { weight: 17.5, reps: 12, restSec: null },
    ]);
    // A visitor's form comes back as it was.
    const visitor = await post({ ...empty, intent: resume });
    if (visitor.data.kind !== "form") throw new Error("the form should come back");
    expect(visitor.data.state.inputs["dumbbell-bench-press"]!.sets).toEqual([
      { weight: null, reps: null, restSec: null },
    ]);
  });

  it("names in the summary the records a finish beat", async () => {
    await post({ ...sessionForm(), intent: finish }, { Cookie: cookie });
    const heavier = sessionForm({
      [SESSION_FORM_FIELDS.idempotencyKey]: "6a1b2c3d-0000-4000-8000-00000000cafe",
      [exerciseField.weight(0, 0)]: "25",
    });
    const { data } = await post({ ...heavier, intent: finish }, { Cookie: cookie });
    if (data.kind !== "summary") throw new Error("the summary should come back");
    // 25 × (1 + 10/30) = 33.3 against 26.7; 25 kg against 20; 250 kg against 200.
    expect(data.result.newRecords).toEqual([
      {
        exerciseId: "dumbbell-bench-press",
        name: "Développé couché haltères",
        kind: "bestE1rmKg",
        previous: 26.7,
        value: 33.3,
      },
      {
        exerciseId: "dumbbell-bench-press",
        name: "Développé couché haltères",
        kind: "heaviestKg",
        previous: 20,
        value: 25,
      },
      {
        exerciseId: "dumbbell-bench-press",
        name: "Développé couché haltères",
        kind: "bestVolumeKg",
        previous: 200,
        value: 250,
      },
    ]);
  });
});
