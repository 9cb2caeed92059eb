// The bench's dashboard user: 1,000 workout sessions (one a day for the last
// 1,000 days, so the streak reads every page of days) and 200 IMC records,
// written straight into the bench's SQLite file before the app starts, with
// the figures and the exercise history the app keeps as sessions are saved. Returns a bearer token.
import { createCookie } from "react-router";
import { sessionCookieName } from "../../app/lib/session-cookie-name.ts";
import { hashToken, newToken } from "../../app/services/auth/tokens.server.ts";
import { imcHistoryEntry } from "../../app/domain/history.ts";
import { addDays, dayKeyOf } from "../../app/domain/stats/days.ts";
import { sessionContribution } from "../../app/domain/stats/summary.ts";
import { sessionToSave } from "../../app/domain/workout/session-payload.ts";
import { exerciseLogsOf } from "../../app/domain/workout/personal-records.ts";
import { openSqliteStore } from "../../app/store/sqlite/sqlite-store.server.ts";

/** The SESSION_SECRET the bench's production servers run with. */
export const BENCH_SESSION_SECRET = "bench-session-secret-not-for-production-0123456789";

/**
 * The Cookie header a browser signed in with `token` sends to a production
 * server run with BENCH_SESSION_SECRET: the cookie named and signed as the app does.
 */
export async function signedInCookieHeader(token) {
  const cookie = createCookie(sessionCookieName(true), { path: "/", secure: true, secrets: [BENCH_SESSION_SECRET] });
  return { Cookie: (await cookie.serialize(token)).split(";")[0] };
}

export const BENCH_SESSIONS = 1_000;
export const BENCH_IMC_RECORDS = 200;

// The groups of the exercises below, as the catalogue gives them.
const GROUPS = { "barbell-squat": "jambes", "barbell-bench-press-medium-grip": "pectoraux", running: "jambes" };

const ENTRIES = [
  {
    exerciseId: "barbell-bench-press-medium-grip",
    name: "Développé couché",
    mode: "muscu",
    notes: "",
    done: true,
    sets: [
      { reps: 10, weightKg: 50, restSec: 90 },
      { reps: 8, weightKg: 55, restSec: 90 },
      { reps: 8, weightKg: 55, restSec: 90 },
    ],
  },
  {
    exerciseId: "barbell-squat",
    name: "Squat barre",
    mode: "muscu",
    notes: "",
    done: true,
    sets: [
      { reps: 10, weightKg: 60, restSec: 120 },
      { reps: 8, weightKg: 70, restSec: 120 },
    ],
  },
  { exerciseId: "running", name: "Course à pied", mode: "cardio", notes: "", done: true, sets: [{ durationSec: 900 }] },
];

/** A verified account signed in for a day: the user and its bearer token. */
async function userWithToken(store, { pseudo, ...fields }) {
  const user = await store.users.create({
    pseudo,
    email: `${pseudo}@dynami.local`,
    passwordHash: "not-a-password",
    emailVerifiedAt: new Date(),
    ...fields,
  });
  const token = newToken();
  await store.sessions.create({
    tokenHash: hashToken(token),
    userId: user.id,
    persistent: true,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { user, token };
}

export async function seedDashboardUser(databaseFile) {
  const store = openSqliteStore(`sqlite:${databaseFile}`);
  try {
    const { user, token } = await userWithToken(store, { pseudo: "bench", weightKg: 80 });
    const today = dayKeyOf(new Date());
    for (let index = BENCH_IMC_RECORDS - 1; index >= 0; index -= 1) {
      const date = new Date(`${addDays(today, -5 * index)}T07:00:00.000Z`);
      await store.history.add({ userId: user.id, ...imcHistoryEntry({ poids: 85 - index / 40, taille: 180 }, date) });
    }
    for (let index = BENCH_SESSIONS - 1; index >= 0; index -= 1) {
      const endedAt = new Date(`${addDays(today, -index)}T06:30:00.000Z`);
      const built = sessionToSave({
        name: `Séance ${index}`,
        startedAt: new Date(endedAt.getTime() - 50 * 60_000),
        endedAt,
        countedSeconds: null,
        notes: "",
        entries: ENTRIES,
        summary: null,
      });
      if (!built.ok) throw new Error("the bench's session has no valid entry");
      const { session } = await store.workoutSessions.save({ userId: user.id, ...built.session });
      const contribution = sessionContribution(session, {
        userWeightKg: 80,
        muscleGroupOf: (exercise) => GROUPS[exercise.exerciseId] ?? null,
        savedAt: session.createdAt,
      });
      if (contribution) await store.workoutStats.add(user.id, contribution);
      // Its lifter's memory: one log per exercise, folded into the records.
      await store.exerciseHistory.addSession(user.id, exerciseLogsOf(session));
    }
    return token;
  } finally {
    await store.close();
  }
}

/** An admin with no data of its own, to weigh the admin pages as an admin sees them. Returns a bearer token. */
export async function seedAdminUser(databaseFile) {
  const store = openSqliteStore(`sqlite:${databaseFile}`);
  try {
    return (await userWithToken(store, { pseudo: "bench-admin", role: "admin" })).token;
  } finally {
    await store.close();
  }
}
