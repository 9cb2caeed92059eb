import { beforeEach, describe, expect, it } from "vitest";
import { createLoadContext } from "~/context.server";
import { startSession } from "~/services/auth/session.server";
import { dashboardFlash } from "~/services/dashboard-actions.server";
import type { DashboardData } from "~/services/dashboard.server";
import { multipartRequest, smallPng, TEXT_NAMED_JPG } from "~/testing/images";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import type { PastWorkoutsPage } from "~/services/workout/sessions.server";
import { aWorkoutSession } from "~/store/workout-sessions.contract";
import * as sessionsApi from "./api/workouts.sessions.ts";
import * as page from "./historique.tsx";

// The dashboard's page and the forms it and the account dialog post without JavaScript.

const app = freshTestAppPerTest();
let userId: string;
let cookie: string;

beforeEach(async () => {
  const user = await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  userId = user.id;
  const session = await startSession(app.context(), user.id, { remember: false });
  cookie = session.setCookie.split(";")[0]!;
});

const form = (fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie }) =>
  new Request("http://localhost:3000/historique", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

async function post(request: Request, context = app.context()) {
  const response = await callRoute(page.action as never, request, { context });
  expect(response.status).toBe(303);
  const setCookie = response.headers.get("Set-Cookie");
  const flash = setCookie
    ? (
        await dashboardFlash.read(
          app.context(),
          new Request("http://localhost:3000/", { headers: { Cookie: setCookie.split(";")[0]! } }),
        )
      ).flash
    : null;
  return { location: response.headers.get("Location"), flash };
}

async function currentPhoto() {
  return (await app.services.store.users.findById(userId))?.photo ?? null;
}

describe("the /historique page", () => {
  it("tells a visitor to log in (401)", async () => {
    const response = await callRoute(page.loader as never, new Request("http://localhost:3000/historique"), {
      context: app.context(),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ user: null, dashboard: null });
  });

  it("gives a signed-in user their dashboard", async () => {
    await app.services.store.history.add({ userId, action: "IMC_CALC", meta: { poids: 70, taille: 175, imc: 22.9 } });
    const response = await callRoute(
      page.loader as never,
      new Request("http://localhost:3000/historique", { headers: { Cookie: cookie } }),
      { context: app.context() },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { pseudo: string }; dashboard: DashboardData };
    expect(body.user.pseudo).toBe("lea");
    expect(body.dashboard.measures).toHaveLength(1);
    expect(body.dashboard.weights).toEqual([{ date: expect.any(String), poids: 70 }]);
    expect(body.dashboard.errors).toEqual({
      history: false,
      sessions: false,
      summary: false,
      exercises: false,
      routines: false,
    });
    expect(body.dashboard.week).toHaveLength(7);
  });
});

describe("the past workouts on the page", () => {
  const load = async (query = "") => {
    const response = await callRoute(
      page.loader as never,
      new Request(`http://localhost:3000/historique${query}`, { headers: { Cookie: cookie } }),
      { context: app.context() },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { workouts: PastWorkoutsPage }).workouts;
  };

  it("lists ten a page newest first, each with its sets and notes, and a cursor to the older ones", async () => {
    const base = Date.now() - 30 * 86_400_000;
    for (let index = 1; index <= 12; index += 1) {
      const startedAt = new Date(base + index * 86_400_000);
      await app.services.store.workoutSessions.save(
        aWorkoutSession(userId, {
          name: `s${index}`,
          startedAt,
          endedAt: new Date(startedAt.getTime() + 2_700_000),
        }),
      );
    }
    const first = await load();
    expect(first.first).toBe(true);
    expect(first.items.map((item) => item.name)).toEqual([
      "s12",
      "s11",
      "s10",
      "s9",
      "s8",
      "s7",
      "s6",
      "s5",
      "s4",
      "s3",
    ]);
    expect(first.items[0]).toMatchObject({
      durationMinutes: 40,
      volumeKg: 600,
      notes: "Bonne énergie",
      exercises: [
        {
          name: "Développé couché",
          mode: "muscu",
          notes: "Prise serrée",
          sets: [{ reps: 10, weightKg: 60, restSec: 90, durationSec: null, distanceKm: null, intensity: null }],
        },
      ],
    });
    expect(first.next).toMatch(/^\d+-[0-9a-f]{24}$/);

    const second = await load(`?avant=${encodeURIComponent(first.next!)}`);
    expect(second).toMatchObject({ first: false, next: null });
    expect(second.items.map((item) => item.name)).toEqual(["s2", "s1"]);
    // A cursor this server did not write: the newest page, never an error.
    expect((await load("?avant=nimporte")).items[0]?.name).toBe("s12");
  });

  it("shows another user's workouts nowhere", async () => {
    const neighbour = await app.services.store.users.create({
      pseudo: "max",
      email: "max@example.com",
      passwordHash: "x",
    });
    await app.services.store.workoutSessions.save(aWorkoutSession(neighbour.id, { name: "De Max" }));
    expect(await load()).toEqual({ items: [], next: null, first: true });
  });
});

describe("the dashboard's forms without JavaScript", () => {
  it("upload a photo, then come back to the page they were sent from with the outcome", async () => {
    const request = multipartRequest(
      "/historique",
      { name: "moi.png", type: "image/png", bytes: await smallPng() },
      { intent: "photo-upload", redirectTo: "/outils?compte=history" },
      { headers: { Cookie: cookie } },
    );
    expect(await post(request)).toEqual({
      location: "/outils?compte=history",
      flash: { intent: "photo-upload", ok: true, code: "updated" },
    });
    expect(await currentPhoto()).toMatch(new RegExp(`^/photos/${userId}/[0-9a-f]{32}\\.webp$`));
  });

  it("refuse a file that is not a photo, keeping the old one", async () => {
    const upload = (bytes: Uint8Array, name: string) =>
      multipartRequest(
        "/historique",
        { name, type: "image/jpeg", bytes },
        { intent: "photo-upload", redirectTo: "/historique" },
        { headers: { Cookie: cookie } },
      );
    await post(upload(await smallPng(), "a.png"));
    const before = await currentPhoto();
    expect(await post(upload(TEXT_NAMED_JPG, "photo.jpg"))).toEqual({
      location: "/historique",
      flash: { intent: "photo-upload", ok: false, code: "unsupported" },
    });
    expect(await currentPhoto()).toBe(before);
  });

  it("answer a body the server stopped reading with the photo's limit, back to the page that sent it", async () => {
    const context = createLoadContext(app.services, {
      nonce: "",
      clientAddress: "127.0.0.1",
      refusedBodyLimit: page.handle.bodyLimitBytes,
      refusedBodyAnsweredByRoute: true,
    });
    const request = new Request("http://localhost:3000/historique", {
      method: "POST",
      headers: { Cookie: cookie, Referer: "http://localhost:3000/imc?compte=history&supprimer=photo" },
    });
    expect(await post(request, context)).toEqual({
      location: "/imc?compte=history",
      flash: { intent: "photo-upload", ok: false, code: "tooLarge" },
    });
  });

  it("delete the photo after its confirmation page", async () => {
    await post(
      multipartRequest(
        "/historique",
        { name: "a.png", type: "image/png", bytes: await smallPng() },
        { intent: "photo-upload", redirectTo: "/historique" },
        { headers: { Cookie: cookie } },
      ),
    );
    expect(await post(form({ intent: "photo-delete", redirectTo: "/historique?supprimer=photo" }))).toEqual({
      location: "/historique",
      flash: { intent: "photo-delete", ok: true, code: "deleted" },
    });
    expect(await currentPhoto()).toBeNull();
    expect(await app.services.store.photos.findForUser(userId)).toBeNull();
  });

  it("delete one of the user's measures, never another user's", async () => {
    const { store } = app.services;
    const mine = await store.history.add({ userId, action: "IMC_CALC", meta: { poids: 70, taille: 175, imc: 22.9 } });
    const neighbour = await store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" });
    const theirs = await store.history.add({ userId: neighbour.id, action: "IMC_CALC", meta: { poids: 90 } });

    expect(await post(form({ intent: "measure-delete", id: theirs.id, redirectTo: "/historique" }))).toMatchObject({
      flash: { intent: "measure-delete", ok: false, code: "measureDeleteFailed" },
    });
    expect(await store.history.listForUser(neighbour.id)).toHaveLength(1);
    expect(
      await post(form({ intent: "measure-delete", id: mine.id, redirectTo: `/historique?supprimer=${mine.id}` })),
    ).toEqual({ location: "/historique", flash: { intent: "measure-delete", ok: true, code: "measureDeleted" } });
    expect(await store.history.listForUser(userId)).toEqual([]);
  });

  it("delete one of the user's past workouts after its confirmation, never another user's; the figures follow", async () => {
    const { store } = app.services;
    const neighbour = await store.users.create({ pseudo: "max", email: "max@example.com", passwordHash: "x" });
    const { session: theirs } = await store.workoutSessions.save(aWorkoutSession(neighbour.id));
    const saved = await callRoute(
      sessionsApi.action as never,
      new Request("http://localhost:3000/api/workouts/sessions", {
        method: "POST",
        headers: { Cookie: cookie, Origin: "http://localhost:3000", "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Jambes",
          startedAt: new Date(Date.now() - 3_600_000).toISOString(),
          endedAt: new Date(Date.now() - 60_000).toISOString(),
          entries: [{ exerciseId: "barbell-squat", name: "Squat", sets: [{ weightKg: 60, reps: 10 }] }],
        }),
      }),
      { context: app.context() },
    );
    const { id: mine } = (await saved.json()) as { id: string };
    expect(await store.workoutStats.totals(userId)).toMatchObject({ sessions: 1 });

    expect(await post(form({ intent: "workout-delete", id: theirs.id, redirectTo: "/historique" }))).toMatchObject({
      flash: { intent: "workout-delete", ok: false, code: "workoutDeleteFailed" },
    });
    expect(await store.workoutSessions.findForUser(theirs.id, neighbour.id)).not.toBeNull();
    expect(
      await post(
        form({
          intent: "workout-delete",
          id: mine,
          redirectTo: `/historique?avant=1-${mine}&supprimer=seance-${mine}`,
        }),
      ),
    ).toEqual({
      location: `/historique?avant=1-${mine}`,
      flash: { intent: "workout-delete", ok: true, code: "workoutDeleted" },
    });
    expect(await store.workoutSessions.listForUser(userId)).toEqual([]);
    expect(await store.workoutStats.totals(userId)).toBeNull();
  });

  it("change nothing for a visitor and send them to log in, without reading what they sent", async () => {
    expect(await post(form({ intent: "photo-delete", redirectTo: "/historique" }, {}))).toEqual({
      location: "/historique?compte=login",
      flash: null,
    });
    // A body the action never reads: a cut-off upload from a visitor is not even parsed.
    const cutOff = new Request("http://localhost:3000/historique", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nAAAA',
    });
    expect(await post(cutOff)).toEqual({ location: "/historique?compte=login", flash: null });
    expect(cutOff.bodyUsed).toBe(false);
  });

  it("answer a signed-in user's cut-off upload as a failed upload, never a crash", async () => {
    const cutOff = new Request("http://localhost:3000/historique", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XyZ", Cookie: cookie },
      body: '--XyZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\nphoto-upload\r\n--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nAAAA',
    });
    const { flash } = await post(cutOff);
    expect(flash).toMatchObject({ intent: "photo-upload", ok: false });
    expect(await currentPhoto()).toBeNull();
  });

  it("only ever send the browser back to this site", async () => {
    for (const redirectTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      expect((await post(form({ intent: "photo-delete", redirectTo }))).location).toBe("/historique");
    }
  });

  it("send an unknown intent back to the page, doing nothing", async () => {
    expect(await post(form({ intent: "drop-tables", redirectTo: "/imc" }))).toEqual({
      location: "/historique",
      flash: null,
    });
  });
});
