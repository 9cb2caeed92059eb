import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { freshTestAppPerTest } from "~/testing/route-harness.server";
import type { NewUser, SessionRecord, UserRecord } from "~/store/types";
import { aWorkoutSession } from "~/store/workout-sessions.contract";
import { LEG_DAY, saveFinishedSession } from "~/testing/workouts";
import type { EntrySet } from "~/domain/workout/session-entries";
import { accountExportData, exportAccount, workoutRows } from "./account-export.server";
import type { CurrentUser } from "./auth/session.server";

// What "Download my data" holds: everything the product keeps about the
// account, never a secret and never another user's record.

const app = freshTestAppPerTest();

const secret = () => randomBytes(32).toString("hex");

/** An account with a record in every store, and the secrets kept for it. */
async function populated(overrides: Partial<NewUser> & { pseudo: string }) {
  const { store } = app.services;
  const passwordHash = `scrypt$${secret()}`;
  const user = await store.users.create({
    email: `${overrides.pseudo}@example.test`,
    passwordHash,
    emailVerifiedAt: new Date("2026-01-02T10:00:00Z"),
    prenom: "Léa",
    weightKg: 61.5,
    ...overrides,
  });
  const sessionHash = secret();
  const session = await store.sessions.create({
    tokenHash: sessionHash,
    userId: user.id,
    persistent: true,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const resetHash = secret();
  await store.verifications.create({
    userId: user.id,
    purpose: "reset",
    tokenHash: resetHash,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const changeHash = secret();
  await store.emailChanges.request({
    userId: user.id,
    newEmail: `new-${overrides.pseudo}@example.test`,
    tokenHash: changeHash,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await store.history.add({ userId: user.id, action: "IMC_CALC", meta: { poids: 61.5, taille: 168, imc: 21.8 } });
  await store.history.add({ userId: user.id, action: "CALORIES_CALC", meta: { calories: 2100 } });
  const idempotencyKey = `key-${secret().slice(0, 20)}`;
  await store.workoutSessions.save(aWorkoutSession(user.id, { name: `Séance de ${overrides.pseudo}`, idempotencyKey }));
  const approved = await store.reviews.create({ userId: user.id, name: user.pseudo, rating: 5, comment: "Top !" });
  await store.reviews.approve(approved.id);
  await store.reviews.create({ userId: user.id, name: user.pseudo, rating: 3, comment: "Pas encore relu" });
  const confirmHash = secret();
  await store.newsletterSubscribers.subscribe({
    email: user.email,
    locale: "fr",
    confirmTokenHash: confirmHash,
    confirmWithAccount: true,
  });
  await store.newsletterSubscribers.confirmWithAccount(user.email);
  const photo = await store.photos.put(user.id, {
    contentType: "image/webp",
    data: new Uint8Array([82, 73, 70, 70, 9, 9, 9, 9]),
    width: 1,
    height: 1,
    etag: `"${secret().slice(0, 16)}"`,
  });
  await store.routines.create(
    user.id,
    {
      name: `Routine de ${overrides.pseudo}`,
      exercises: [
        { exerciseId: "barbell-squat", mode: "muscu", targets: [{ reps: 5, weightKg: 60, durationSec: null }] },
      ],
    },
    { maxPerUser: 50 },
  );
  const withPhoto = (await store.users.update(user.id, { photo: `/photos/${user.id}/${photo.version}.webp` }))!;
  const current: CurrentUser = { user: withPhoto, session, viaCookie: false };
  return {
    user: withPhoto,
    session,
    current,
    secrets: [passwordHash, sessionHash, resetHash, changeHash, confirmHash, idempotencyKey],
  };
}

describe("the JSON export", () => {
  it("holds the account's data, field by field", async () => {
    const lea = await populated({ pseudo: "lea" });
    // A session of a catalogue exercise, with its records.
    await saveFinishedSession(app.services.store, lea.user.id, {
      endedAt: new Date("2026-02-20T18:00:00Z"),
      entries: [{ ...LEG_DAY[0]!, sets: [{ reps: 5, weightKg: 62.5 }] }],
    });
    const data = await accountExportData(app.services, lea.current, new Date("2026-03-01T12:00:00Z"));

    expect(data).toMatchObject({
      format: "dynami-account-export",
      version: 1,
      exportedAt: "2026-03-01T12:00:00.000Z",
      account: {
        id: lea.user.id,
        pseudo: "lea",
        email: "lea@example.test",
        emailVerified: true,
        emailVerifiedAt: "2026-01-02T10:00:00.000Z",
        role: "user",
        prenom: "Léa",
        weightKg: 61.5,
        language: "fr",
        photo: `http://localhost:3000${lea.user.photo}`,
      },
      pendingEmailChange: { newEmail: "new-lea@example.test" },
      loginSessions: [{ rememberMe: true, current: true }],
      newsletter: { state: "subscribed", email: "lea@example.test", language: "fr" },
    });
    expect(data.history.map((record) => record.action).toSorted()).toEqual(["CALORIES_CALC", "IMC_CALC"]);
    expect(data.workoutSessions).toHaveLength(2);
    expect(data.workoutSessions.find((workout) => workout.name === "Séance de lea")).toMatchObject({
      entries: [{ name: "Développé couché" }],
    });
    // 62.5 × (1 + 5/30) = 72.9
    expect(data.personalRecords).toEqual([
      {
        exerciseId: "barbell-squat",
        name: "Squat barre",
        heaviestKg: 62.5,
        bestE1rmKg: 72.9,
        bestVolumeKg: 312.5,
        mostReps: null,
        longestSec: null,
        longestKm: null,
        setAt: "2026-02-20T17:15:00.000Z",
      },
    ]);
    expect(data.routines).toEqual([
      expect.objectContaining({
        name: "Routine de lea",
        lastDoneAt: null,
        exercises: [
          {
            exerciseId: "barbell-squat",
            name: "Squat barre",
            mode: "muscu",
            targets: [{ reps: 5, weightKg: 60, durationSec: null }],
          },
        ],
      }),
    ]);
    expect(data.reviews.map((review) => review.state).toSorted()).toEqual(["approved", "pending"]);
    expect(data.reviews.find((review) => review.state === "pending")).toMatchObject({
      comment: "Pas encore relu",
      approvedAt: null,
    });
  });

  it("never holds a password hash, a token or its hash, nor another user's record", async () => {
    const lea = await populated({ pseudo: "lea" });
    const max = await populated({ pseudo: "max", prenom: "Maxime" });
    const text = JSON.stringify(await accountExportData(app.services, lea.current));

    for (const value of [...lea.secrets, ...max.secrets]) expect(text).not.toContain(value);
    for (const field of [
      "passwordHash",
      "tokenHash",
      "unsubscribeToken",
      "confirmTokenHash",
      "idempotencyKey",
      "etag",
    ]) {
      expect(text).not.toContain(`"${field}"`);
    }
    // Nothing of Max's: his id, address, name, workout or reviews.
    for (const value of [
      max.user.id,
      "max@example.test",
      "Maxime",
      "Séance de max",
      "Routine de max",
      max.session.id,
    ]) {
      expect(text).not.toContain(value);
    }
  });

  it("pages through every record however many there are", async () => {
    const { store } = app.services;
    const lea = await populated({ pseudo: "lea" });
    for (let index = 0; index < 230; index += 1) {
      await store.history.add({ userId: lea.user.id, action: "IMC_CALC", meta: { index } });
    }
    for (let index = 0; index < 120; index += 1) {
      const startedAt = new Date(Date.UTC(2025, 0, 1) + index * 3_600_000);
      await store.workoutSessions.save(
        aWorkoutSession(lea.user.id, { startedAt, endedAt: new Date(startedAt.getTime() + 1_800_000) }),
      );
    }
    const data = await accountExportData(app.services, lea.current);
    expect(data.history).toHaveLength(232);
    expect(new Set(data.history.map((record) => record.id)).size).toBe(232);
    expect(data.workoutSessions).toHaveLength(121);
    expect(new Set(data.workoutSessions.map((workout) => workout.id)).size).toBe(121);
  });
});

describe("the CSV files", () => {
  it("never hold another user's rows: the history and the workouts are the account's own", async () => {
    const { store } = app.services;
    const lea = await populated({ pseudo: "lea" });
    const max = await populated({ pseudo: "max", prenom: "Maxime" });
    // Max's own figures, found nowhere in Léa's files.
    await store.history.add({
      userId: max.user.id,
      action: "IMC_CALC",
      meta: { poids: 123.4, taille: 191, imc: 33.8 },
    });
    await store.history.add({ userId: max.user.id, action: "CALORIES_CALC", meta: { calories: 4321 } });
    await store.workoutSessions.save(aWorkoutSession(max.user.id, { name: "Course de Maxime" }));
    const context = app.context();
    const exported = async (current: CurrentUser, format: "history-csv" | "workouts-csv") => {
      const file = await exportAccount(context, current, format, "fr");
      if (!file.ok) throw new Error("export refused");
      return (await new Response(file.body).text()).trimEnd().split("\r\n");
    };

    const history = await exported(lea.current, "history-csv");
    // The header, then Léa's two records.
    expect(history).toHaveLength(3);
    for (const value of ["123,4", "123.4", "191", "33,8", "4321", "4 321"]) {
      expect(history.join("\n")).not.toContain(value);
    }
    const workouts = await exported(lea.current, "workouts-csv");
    // The header, then Léa's one set.
    expect(workouts).toHaveLength(2);
    expect(workouts[1]).toContain("Séance de lea");
    expect(workouts.join("\n")).not.toContain("Séance de max");
    expect(workouts.join("\n")).not.toContain("Course de Maxime");

    // And the other way round: Max's files hold his rows, none of Léa's.
    expect(await exported(max.current, "history-csv")).toHaveLength(5);
    const maxWorkouts = (await exported(max.current, "workouts-csv")).join("\n");
    expect(maxWorkouts).toContain("Course de Maxime");
    expect(maxWorkouts).not.toContain("Séance de lea");
  });
});

describe("the workouts CSV", () => {
  it("has one row per set, oldest workout first, in each language's headers and numbers", async () => {
    const { store } = app.services;
    const lea = await populated({ pseudo: "lea" });
    const startedAt = new Date("2026-02-03T07:15:00.000Z");
    const set = (values: Partial<EntrySet>): EntrySet => ({
      reps: null,
      weightKg: null,
      durationSec: null,
      distanceKm: null,
      restSec: null,
      intensity: null,
      tempo: null,
      rpe: null,
      calories: 1,
      ...values,
    });
    await store.workoutSessions.save(
      aWorkoutSession(lea.user.id, {
        name: "Jambes; et cardio",
        startedAt,
        endedAt: new Date(startedAt.getTime() + 3_000_000),
        entries: [
          {
            exerciseId: "barbell-squat",
            name: "Squat barre",
            type: "muscu",
            mode: "muscu",
            notes: 'Dos "gainé"',
            done: true,
            sets: [set({ weightKg: 60, reps: 10, restSec: 120 }), set({ weightKg: 62.5, reps: 8 })],
            calories: 2,
          },
          {
            exerciseId: "running",
            name: "Course à pied",
            type: "cardio",
            mode: "cardio",
            notes: "",
            done: true,
            sets: [set({ durationSec: 630, distanceKm: 2.25, intensity: 6 })],
            calories: 1,
          },
        ],
      }),
    );
    const context = app.context();
    const rows = async (language: "fr" | "en" | "de" | "es") => {
      const file = await exportAccount(context, lea.current, "workouts-csv", language);
      if (!file.ok) throw new Error("export refused");
      return (await new Response(file.body).text())
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
    };

    const french = await rows("fr");
    // The header, this workout's three sets, then Léa's later one (one set).
    expect(french).toHaveLength(5);
    expect(french[4]).toContain(";Séance de lea;Développé couché;1;60;10;90;;;;Prise serrée");
    expect(french.slice(1, 4)).toEqual([
      '2026-02-03 07:15;"Jambes; et cardio";Squat barre;1;60;10;120;;;;"Dos ""gainé"""',
      '2026-02-03 07:15;"Jambes; et cardio";Squat barre;2;62,5;8;;;;;"Dos ""gainé"""',
      '2026-02-03 07:15;"Jambes; et cardio";Course à pied;1;;;;630;2,25;6;',
    ]);
    expect((await rows("en"))[0]).toBe(
      "Date (UTC),Workout,Exercise,Set,Weight (kg),Reps,Rest (s),Duration (s),Distance (km),Intensity (1-10),Notes",
    );
    expect((await rows("en"))[2]).toBe('2026-02-03 07:15,"Jambes; et cardio",Squat barre,2,62.5,8,,,,,"Dos ""gainé"""');
    expect((await rows("de"))[0]).toBe(
      "Datum (UTC);Training;Übung;Satz;Gewicht (kg);Wiederholungen;Pause (s);Dauer (s);Distanz (km);Intensität (1-10);Notizen",
    );
    expect((await rows("es"))[0]).toBe(
      "Fecha (UTC);Entrenamiento;Ejercicio;Serie;Peso (kg);Repeticiones;Descanso (s);Duración (s);Distancia (km);Intensidad (1-10);Notas",
    );
  });

  it("keeps a row for a workout or an exercise that has no set (an older record)", () => {
    const base = aWorkoutSession("0123456789abcdef01234567", { name: "Vide" });
    const record = {
      ...base,
      id: "0123456789abcdef01234568",
      createdAt: new Date(),
      bodyMassKg: null,
      idempotencyKey: null,
    };
    expect(workoutRows({ ...record, entries: [] }, "Séance sans nom")).toEqual([
      [expect.any(String), "Vide", null, null, null, null, null, null, null, null, null],
    ]);
    const [entry] = base.entries;
    expect(workoutRows({ ...record, entries: [{ ...entry!, sets: [] }] }, "Séance sans nom")).toEqual([
      [expect.any(String), "Vide", entry!.name, null, null, null, null, null, null, null, entry!.notes],
    ]);
  });
});

describe("the export of an account with 1,000 workouts", () => {
  // Its time is measured by npm run bench (the dashboard user's export), not here.
  it("holds every one of them, JSON and CSV alike", async () => {
    const { store } = app.services;
    const user: UserRecord = await store.users.create({
      pseudo: "athlete",
      email: "athlete@example.test",
      passwordHash: "h",
    });
    const session: SessionRecord = await store.sessions.create({
      tokenHash: secret(),
      userId: user.id,
      persistent: false,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const start = Date.UTC(2023, 0, 1);
    for (let index = 0; index < 1_000; index += 1) {
      const startedAt = new Date(start + index * 86_400_000);
      await store.workoutSessions.save(
        aWorkoutSession(user.id, { startedAt, endedAt: new Date(startedAt.getTime() + 2_700_000) }),
      );
    }
    const current: CurrentUser = { user, session, viaCookie: false };
    const context = app.context();

    // Turns of the event loop while a file is written: other requests are served in them.
    let turns = 0;
    const exported = async (format: "json" | "workouts-csv") => {
      const file = await exportAccount(context, current, format, "fr");
      if (!file.ok) throw new Error("export refused");
      turns = 0;
      let counting = true;
      const count = () => {
        turns += 1;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const text = await new Response(file.body).text();
      counting = false;
      return text;
    };
    const json = await exported("json");
    // 1,000 sessions are 10 pages: the loop turned between them.
    expect(turns).toBeGreaterThanOrEqual(9);
    const csv = await exported("workouts-csv");
    expect(turns).toBeGreaterThanOrEqual(9);
    const data = await accountExportData(app.services, current);
    // The streamed file is the whole account's JSON, as JSON.stringify writes it.
    expect(json).toBe(
      `${JSON.stringify({ ...data, exportedAt: (JSON.parse(json) as { exportedAt: string }).exportedAt }, null, 2)}\n`,
    );
    expect((JSON.parse(json) as { workoutSessions: unknown[] }).workoutSessions).toHaveLength(1_000);
    // One set each: one row each.
    expect(csv.trimEnd().split("\r\n")).toHaveLength(1_001);
  }, 60_000);
});
