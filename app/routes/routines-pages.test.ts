import { beforeEach, describe, expect, it } from "vitest";
import {
  formatRoutineIntent,
  ROUTINE_FORM_FIELDS as F,
  type RoutineIntent,
} from "~/domain/workout/routine-form-fields";
import { ROUTINE_LIMITS, type RoutineDraft } from "~/domain/workout/routines";
import { startSession } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as startRoute from "./routines.$id.commencer.ts";
import * as routineRoute from "./routines.$id.tsx";
import * as newRoute from "./routines.nouvelle.tsx";
import * as listRoute from "./routines.tsx";

// The routine pages without JavaScript: who may see a routine (another
// user's is a 404, never a 403), the form's buttons (move, add a target,
// save, duplicate, delete) and their answers, the limits, and 'Commencer'.

const app = freshTestAppPerTest();
let lea: string;
let leaCookie: string;
let maxCookie: string;

beforeEach(async () => {
  const store = app.services.store;
  lea = (await store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" })).id;
  const max = (await store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" })).id;
  const cookieOf = async (id: string) =>
    (await startSession(app.context(), id, { remember: false })).setCookie.split(";")[0]!;
  leaCookie = await cookieOf(lea);
  maxCookie = await cookieOf(max);
});

const upperBody: RoutineDraft = {
  name: "Haut du corps",
  exercises: [
    {
      exerciseId: "dumbbell-bench-press",
      mode: "muscu",
      targets: [
        { reps: 10, weightKg: 20, durationSec: null },
        { reps: 8, weightKg: 22.5, durationSec: null },
      ],
    },
    { exerciseId: "running", mode: "cardio", targets: [{ reps: null, weightKg: null, durationSec: 1_230 }] },
  ],
};

async function leaRoutine(draft: RoutineDraft = upperBody) {
  const created = await app.services.store.routines.create(lea, draft, { maxPerUser: ROUTINE_LIMITS.perUser });
  if (!created.ok) throw new Error("not created");
  return created.routine;
}

/** The page's form as the browser posts it (the routine as the page shows it, French figures). */
function pageForm(intent: RoutineIntent, change: (form: URLSearchParams) => void = () => {}) {
  const form = new URLSearchParams();
  form.set(F.name, "Haut du corps");
  form.append(F.order, "dumbbell-bench-press");
  form.append(F.order, "running");
  form.set(F.mode("dumbbell-bench-press"), "muscu");
  form.set(F.target("dumbbell-bench-press", 0, "reps"), "10");
  form.set(F.target("dumbbell-bench-press", 0, "weight"), "20");
  form.set(F.target("dumbbell-bench-press", 1, "reps"), "8");
  form.set(F.target("dumbbell-bench-press", 1, "weight"), "22,5");
  form.set(F.mode("running"), "cardio");
  form.set(F.target("running", 0, "min"), "20");
  form.set(F.target("running", 0, "sec"), "30");
  form.set(F.intent, formatRoutineIntent(intent));
  change(form);
  return form;
}

async function load(module: { loader: unknown }, path: string, params: Record<string, string>, cookie?: string) {
  const response = await callRoute(
    module.loader as never,
    new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    { context: app.context(), params },
  );
  const type = response.headers.get("Content-Type") ?? "";
  return { response, body: type.includes("json") ? ((await response.json()) as Record<string, any>) : null };
}

async function post(module: { action: unknown }, path: string, form: URLSearchParams, params = {}, cookie = leaCookie) {
  const response = await callRoute(
    module.action as never,
    new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    }),
    { context: app.context(), params },
  );
  const type = response.headers.get("Content-Type") ?? "";
  return { response, body: type.includes("json") ? ((await response.json()) as Record<string, any>) : null };
}

const order = async (id: string) =>
  (await app.services.store.routines.findForUser(id, lea))?.exercises.map((exercise) => exercise.exerciseId);

describe("a routine's page", () => {
  it("shows the owner's routine with its targets as typed figures; 404 for another user, 401 for a visitor", async () => {
    const routine = await leaRoutine();
    const params = { id: routine.id };
    const mine = await load(routineRoute, `/routines/${routine.id}`, params, leaCookie);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(mine.body!.form.exercises[0].targets[1]).toMatchObject({ reps: "8", weight: "22,5" });
    expect(mine.body!.form.exercises[1].targets[0]).toMatchObject({ min: "20", sec: "30" });

    const theirs = await load(routineRoute, `/routines/${routine.id}`, params, maxCookie);
    expect(theirs.response.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain("Haut du corps");
    expect((await load(routineRoute, `/routines/${routine.id}`, params)).response.status).toBe(401);
  });

  it("moves an exercise down and saves what was typed with it", async () => {
    const routine = await leaRoutine();
    const form = pageForm({ kind: "move", exerciseId: "dumbbell-bench-press", by: 1 }, (sent) =>
      sent.set(F.target("dumbbell-bench-press", 0, "reps"), "12"),
    );
    const { response } = await post(routineRoute, `/routines/${routine.id}`, form, { id: routine.id });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/routines/${routine.id}`);
    expect(await order(routine.id)).toEqual(["running", "dumbbell-bench-press"]);
    const saved = await app.services.store.routines.findForUser(routine.id, lea);
    expect(saved!.exercises[1]!.targets[0]).toEqual({ reps: 12, weightKg: 20, durationSec: null });
  });

  it("adds a target row without saving, and refuses a figure out of bounds, changing nothing", async () => {
    const routine = await leaRoutine();
    const added = await post(
      routineRoute,
      `/routines/${routine.id}`,
      pageForm({ kind: "add-target", exerciseId: "running" }),
      { id: routine.id },
    );
    expect(added.response.status).toBe(200);
    expect(added.body!.unsaved).toBe(true);
    expect(added.body!.form.exercises[1].targets).toHaveLength(2);
    expect((await app.services.store.routines.findForUser(routine.id, lea))!.exercises[1]!.targets).toHaveLength(1);

    const refused = await post(
      routineRoute,
      `/routines/${routine.id}`,
      pageForm({ kind: "save" }, (sent) => sent.set(F.target("dumbbell-bench-press", 0, "reps"), "abc")),
      { id: routine.id },
    );
    expect(refused.response.status).toBe(400);
    expect(refused.body!.errors.map((error: { field: string }) => error.field)).toEqual([
      F.target("dumbbell-bench-press", 0, "reps"),
    ]);
    // What was typed comes back.
    expect(refused.body!.form.exercises[0].targets[0].reps).toBe("abc");
    expect((await app.services.store.routines.findForUser(routine.id, lea))!.exercises[0]!.targets[0]!.reps).toBe(10);
  });

  it("adds the exercises ticked in the search at the end, once each, and finds them by name", async () => {
    const routine = await leaRoutine();
    const search = await load(routineRoute, `/routines/${routine.id}?q=pompes`, { id: routine.id }, leaCookie);
    expect(search.body!.search.results.map((result: { id: string }) => result.id)).toContain("pushups");
    const form = new URLSearchParams();
    form.append(F.ticked, "pushups");
    form.append(F.ticked, "running");
    form.set(F.intent, formatRoutineIntent({ kind: "add-exercises" }));
    const { response } = await post(routineRoute, `/routines/${routine.id}`, form, { id: routine.id });
    expect(response.status).toBe(303);
    expect(await order(routine.id)).toEqual(["dumbbell-bench-press", "running", "pushups"]);
  });

  it("answers 404 to another user's save, duplicate or delete, and changes nothing", async () => {
    const routine = await leaRoutine();
    for (const intent of [{ kind: "save" }, { kind: "duplicate" }, { kind: "delete" }] as const) {
      const { response } = await post(
        routineRoute,
        `/routines/${routine.id}`,
        pageForm(intent),
        { id: routine.id },
        maxCookie,
      );
      expect(response.status, intent.kind).toBe(404);
    }
    expect(await app.services.store.routines.listSummariesForUser(lea)).toHaveLength(1);
    expect(await order(routine.id)).toEqual(["dumbbell-bench-press", "running"]);
  });

  it("duplicates under a copy's name, then deletes after the confirmation's button", async () => {
    const routine = await leaRoutine();
    const copied = await post(routineRoute, `/routines/${routine.id}`, pageForm({ kind: "duplicate" }), {
      id: routine.id,
    });
    expect(copied.response.status).toBe(303);
    const summaries = await app.services.store.routines.listSummariesForUser(lea);
    expect(summaries.map((summary) => summary.name).toSorted()).toEqual(["Haut du corps", "Haut du corps (copie)"]);

    const confirm = await load(routineRoute, `/routines/${routine.id}?supprimer=1`, { id: routine.id }, leaCookie);
    expect(confirm.body!.confirmDelete).toBe(true);
    const deleted = await post(routineRoute, `/routines/${routine.id}`, pageForm({ kind: "delete" }), {
      id: routine.id,
    });
    expect(deleted.response.status).toBe(303);
    expect(deleted.response.headers.get("Location")).toBe("/routines");
    expect(await app.services.store.routines.findForUser(routine.id, lea)).toBeNull();
    const list = await load(listRoute, "/routines", {}, `${leaCookie}; ${cookiesOf(deleted.response)}`);
    expect(list.body!.flash).toEqual({ kind: "deleted", name: "Haut du corps" });
    expect(list.body!.routines).toHaveLength(1);
  });
});

/** The cookies a response sets, as a request sends them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("saving a new routine and starting one", () => {
  const saveForm = (name: string, exercises: unknown = upperBody.exercises) =>
    new URLSearchParams({ name, exercises: JSON.stringify(exercises) });

  it("saves a routine and leads to its page; a name over 80 characters comes back with the form and why", async () => {
    const saved = await post(newRoute, "/routines/nouvelle", saveForm("Push du lundi"));
    expect(saved.response.status).toBe(303);
    const [summary] = await app.services.store.routines.listSummariesForUser(lea);
    expect(saved.response.headers.get("Location")).toBe(`/routines/${summary!.id}`);

    const refused = await post(newRoute, "/routines/nouvelle", saveForm("x".repeat(81)));
    expect(refused.response.status).toBe(400);
    expect(refused.body).toMatchObject({ state: "refused", name: "x".repeat(81) });
    expect(refused.body!.message).toBe("Le nom tient en 80 caractères au plus.");
    expect(refused.body!.exercises).toHaveLength(2);
    expect(await app.services.store.routines.listSummariesForUser(lea)).toHaveLength(1);
  });

  it("refuses the 51st routine", async () => {
    for (let index = 0; index < ROUTINE_LIMITS.perUser; index += 1) {
      await leaRoutine({ ...upperBody, name: `Routine ${index}` });
    }
    const refused = await post(newRoute, "/routines/nouvelle", saveForm("Une de trop"));
    expect(refused.response.status).toBe(400);
    expect(refused.body!.message).toBe("Tu as déjà 50 routines\u202f: supprimes-en une pour en enregistrer une autre.");
    expect(await app.services.store.routines.listSummariesForUser(lea)).toHaveLength(ROUTINE_LIMITS.perUser);
  });

  it("starts a routine in the session view, in its order under its name; another user's leads to their own list", async () => {
    const routine = await leaRoutine();
    const started = await load(startRoute, `/routines/${routine.id}/commencer`, { id: routine.id }, leaCookie);
    expect(started.response.status).toBe(302);
    const location = new URL(started.response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/exo");
    expect(location.searchParams.get("mode")).toBe("seance");
    expect(location.searchParams.getAll("choix")).toEqual(["dumbbell-bench-press", "running"]);
    expect(location.search).toContain(routine.id);

    const theirs = await load(startRoute, `/routines/${routine.id}/commencer`, { id: routine.id }, maxCookie);
    expect(theirs.response.headers.get("Location")).toBe("/routines");
  });
});
