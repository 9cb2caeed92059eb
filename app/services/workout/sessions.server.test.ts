import { describe, expect, it } from "vitest";
import type { IncomingSession } from "~/domain/workout/session-payload";
import { freshTestAppPerTest } from "~/testing/route-harness.server";
import { SESSION_SAVE_LIMIT, saveWorkoutSession } from "./sessions.server";

// The save service answers its refusals as a code and a message key with its
// values: the page translates the key, the JSON API answers its French text.

const app = freshTestAppPerTest();

const endedAt = new Date(Date.now() - 60_000);
const startedAt = new Date(endedAt.getTime() - 30 * 60_000);

function aSession(entries: IncomingSession["entries"]): IncomingSession {
  return { name: "Haut du corps", startedAt, endedAt, countedSeconds: null, notes: "", entries, summary: null };
}

const pushUps = (reps: number): IncomingSession["entries"] => [
  { exerciseId: "push-up", name: "Pompes", mode: "pdc", notes: "", done: true, sets: [{ reps }] },
];
const oneSet = pushUps(15);

async function aUser(): Promise<string> {
  const user = await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  return user.id;
}

describe("saveWorkoutSession", () => {
  it("saves a session with one valid set", async () => {
    const userId = await aUser();
    const outcome = await saveWorkoutSession(app.services, userId, aSession(oneSet), "save-key-0001");
    expect(outcome).toMatchObject({ ok: true, created: true, session: { name: "Haut du corps" } });
  });

  it("refuses a session without one valid set: NO_VALID_ENTRIES with the noValidEntries key", async () => {
    const userId = await aUser();
    const outcome = await saveWorkoutSession(app.services, userId, aSession(pushUps(0)), null);
    expect(outcome).toEqual({ ok: false, status: 400, code: "NO_VALID_ENTRIES", message: { key: "noValidEntries" } });
    expect(await app.services.store.workoutSessions.listForUser(userId)).toEqual([]);
  });

  it("refuses a new session past the hourly limit: tooManyRequests with the minutes to wait", async () => {
    const userId = await aUser();
    const limiter = app.services.store.rateLimiter(SESSION_SAVE_LIMIT);
    for (let index = 1; index < SESSION_SAVE_LIMIT.points; index += 1) await limiter.consume(userId);
    expect(await saveWorkoutSession(app.services, userId, aSession(oneSet), "save-key-0001")).toMatchObject({
      ok: true,
    });
    const outcome = await saveWorkoutSession(app.services, userId, aSession(oneSet), "save-key-0002");
    expect(outcome).toMatchObject({ ok: false, status: 429, code: "tooManyRequests" });
    if (outcome.ok || outcome.status !== 429) return;
    expect(outcome.retryAfterSeconds).toBeGreaterThan(59 * 60);
    expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(60 * 60);
    expect(outcome.message).toEqual({ key: "tooMany", values: { minutes: 60 } });
  });
});
