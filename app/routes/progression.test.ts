import { beforeEach, describe, expect, it, vi } from "vitest";
import { startSession } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import { saveFinishedSession } from "~/testing/workouts";
import * as page from "./progression.$exerciseId.tsx";

// The progress page of one exercise: who may see it, and what its loader gives.

const app = freshTestAppPerTest();
let userId: string;
let cookie: string;
const BENCH = "dumbbell-bench-press";
const DAY_MS = 86_400_000;

beforeEach(async () => {
  const user = await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  userId = user.id;
  cookie = (await startSession(app.context(), user.id, { remember: false })).setCookie.split(";")[0]!;
});

async function load(exerciseId: string, query = "", headers: Record<string, string> = { Cookie: cookie }) {
  const response = await callRoute(
    page.loader as never,
    new Request(`http://localhost:3000/progression/${exerciseId}${query}`, { headers }),
    { context: app.context(), params: { exerciseId } },
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

async function benchSession(userIdOf: string, daysAgo: number, weightKg: number) {
  return saveFinishedSession(app.services.store, userIdOf, {
    endedAt: new Date(Date.now() - daysAgo * DAY_MS),
    entries: [
      {
        exerciseId: BENCH,
        name: "Développé couché haltères",
        mode: "muscu",
        notes: "",
        done: true,
        sets: [
          { weightKg, reps: 8 },
          { weightKg, reps: 6 },
        ],
      },
    ],
  });
}

describe("the /progression/{exerciseId} page", () => {
  it("tells a visitor to log in (401), and says nothing of anyone's sessions", async () => {
    await benchSession(userId, 1, 20);
    const { status, body } = await load(BENCH, "", {});
    expect(status).toBe(401);
    expect(body).toEqual({
      state: "signed-out",
      title: "Connecte-toi pour suivre ta progression sur chaque exercice.",
    });
  });

  it("answers 404 for an exercise outside the catalogue", async () => {
    const { status, body } = await load("made-up");
    expect(status).toBe(404);
    expect(body.state).toBe("not-found");
  });

  it("gives the records and the sessions newest first, with their figures, never kept by a shared cache", async () => {
    await benchSession(userId, 4, 20);
    await benchSession(userId, 2, 22.5);
    const other = await app.services.store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" });
    await benchSession(other.id, 1, 100);

    const { status, headers, body } = await load(BENCH);
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(body.title).toBe("Progression\u202f: Développé couché haltères");
    // 22.5 × (1 + 8/30) = 28.5
    expect(body.records).toMatchObject({ heaviestKg: 22.5, bestE1rmKg: 28.5, bestVolumeKg: 315 });
    expect(body.sessions.map((session: { figures: { heaviestKg: number } }) => session.figures.heaviestKg)).toEqual([
      22.5, 20,
    ]);
    expect(body.olderCursor).toBeNull();
    expect(body.isOlderPage).toBe(false);
  });

  it("pages the sessions: a full page links the next one", async () => {
    for (let index = 0; index < page.PROGRESS_PAGE_SIZE + 2; index += 1) {
      await benchSession(userId, index + 1, 20 + index);
    }
    const first = await load(BENCH);
    expect(first.body.sessions).toHaveLength(page.PROGRESS_PAGE_SIZE);
    expect(first.body.olderCursor).toMatch(/^\d+-[0-9a-f]{24}$/);
    const older = await load(BENCH, `?${page.OLDER_PAGE_PARAM}=${first.body.olderCursor}`);
    expect(
      older.body.sessions.map((session: { figures: { heaviestKg: number } }) => session.figures.heaviestKg),
    ).toEqual([40, 41]);
    expect(older.body).toMatchObject({ olderCursor: null, isOlderPage: true });
    // A cursor it did not write is the first page.
    expect((await load(BENCH, `?${page.OLDER_PAGE_PARAM}=nope`)).body.isOlderPage).toBe(false);
  });

  it("has no sessions and no records for an exercise not done yet", async () => {
    const { body } = await load("running");
    expect(body).toMatchObject({ state: "ready", sessions: [], records: { longestSec: null, setAt: null } });
  });

  it("says the progress could not be read when the store fails (503)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(app.services.store.exerciseHistory, "listLogs").mockRejectedValueOnce(new Error("down"));
    const { status, body } = await load(BENCH);
    expect(status).toBe(503);
    expect(body).toMatchObject({ state: "error", exerciseId: BENCH });
  });
});
