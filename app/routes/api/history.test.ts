import { beforeEach, describe, expect, it } from "vitest";
import { HISTORY_MESSAGES, HISTORY_WRITE_LIMIT } from "~/domain/history";
import { HISTORY_PAGE_MESSAGES, HISTORY_PAGE_SIZE } from "~/domain/history-page";
import { IMC_MESSAGES } from "~/domain/imc";
import { NOT_SIGNED_IN_MESSAGE, startSession } from "~/services/auth/session.server";
import { callRoute, freshTestAppPerTest, jsonRequest } from "~/testing/route-harness.server";
import * as historyEntryRoute from "./history.$id.ts";
import * as historyRoute from "./history.ts";

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

const postHistory = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(historyRoute.action as never, jsonRequest("/api/history", body, { headers }), { context: app.context() });

const getHistory = (headers: Record<string, string> = {}, path = "/api/history") =>
  callRoute(historyRoute.loader as never, new Request(`http://localhost:3000${path}`, { headers }), {
    context: app.context(),
  });

const deleteEntry = (id: string, headers: Record<string, string> = {}) =>
  callRoute(
    historyEntryRoute.action as never,
    new Request(`http://localhost:3000/api/history/${id}`, { method: "DELETE", headers }),
    { context: app.context(), params: { id } },
  );

const imcBody = {
  action: "IMC_CALC",
  meta: { poids: 70, taille: 175, imc: 22.9, categorie: "Corpulence normale", date: "2026-03-01T10:00:00.000Z" },
};
const caloriesBody = {
  action: "CALORIES_CALC",
  meta: {
    sexe: "femme",
    poids: 60,
    taille: 165,
    age: 28,
    formule: "standard",
    activite: "actif",
    objectif: "gain",
    calories: 2733,
    date: "2026-03-02T10:00:00.000Z",
  },
};

describe("POST /api/history", () => {
  it("saves an IMC calculation: 201 with the record", async () => {
    const response = await postHistory(imcBody, bearer(leaToken));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      action: "IMC_CALC",
      createdAt: expect.any(String),
      meta: imcBody.meta,
    });
  });

  it("saves a calorie calculation with the server's figure", async () => {
    const response = await postHistory(caloriesBody, bearer(leaToken));
    expect(response.status).toBe(201);
    // Harris-Benedict, woman: 447.593 + 554.82 + 511.17 - 121.24 = 1392.343; x 1.75 = 2436.6 -> 2437; gain 2937.
    expect(((await response.json()) as { meta: unknown }).meta).toEqual({ ...caloriesBody.meta, calories: 2937 });
  });

  it("answers 401 without a token, or with an unknown one", async () => {
    for (const headers of [{}, bearer("not-a-real-token")]) {
      const response = await postHistory(imcBody, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
    }
  });

  it.each([
    ["invalid JSON", "{ action: IMC_CALC", "Corps de requête JSON invalide."],
    ["an unknown action", { action: "DELETE_ALL", meta: {} }, HISTORY_MESSAGES.unknownAction],
    ["an operator as action", { action: { $ne: "" }, meta: {} }, HISTORY_MESSAGES.unknownAction],
    ["no meta", { action: "IMC_CALC" }, HISTORY_MESSAGES.metaRequired],
    ["a meta that is not an object", { action: "IMC_CALC", meta: "70" }, HISTORY_MESSAGES.metaNotAnObject],
    ["a missing field", { action: "IMC_CALC", meta: { poids: 70 } }, "meta.taille est requis."],
    [
      "a number sent as text",
      { action: "IMC_CALC", meta: { poids: "70", taille: 175 } },
      "meta.poids doit être un nombre.",
    ],
    [
      "an operator object",
      { action: "IMC_CALC", meta: { poids: { $gt: "" }, taille: 175 } },
      "meta.poids doit être un nombre.",
    ],
    ["a weight out of range", { action: "IMC_CALC", meta: { poids: 5000, taille: 175 } }, IMC_MESSAGES.outOfRange],
    [
      "an unknown formula",
      { ...caloriesBody, meta: { ...caloriesBody.meta, formule: "magic" } },
      "Formule à choisir : standard, Mifflin ou Katch.",
    ],
    [
      "a bad date",
      { action: "IMC_CALC", meta: { poids: 70, taille: 175, date: "demain" } },
      HISTORY_MESSAGES.invalidDate,
    ],
    ["a body that is an array", [imcBody], HISTORY_MESSAGES.bodyNotAnObject],
  ])("answers 400 for %s", async (_case, body, message) => {
    const response = await postHistory(body, bearer(leaToken));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it("strips unknown keys before storing", async () => {
    const response = await postHistory(
      { ...imcBody, userId: "someone-else", meta: { ...imcBody.meta, $where: "1", admin: true } },
      bearer(leaToken),
    );
    expect(response.status).toBe(201);
    const [record] = (await (await getHistory(bearer(leaToken))).json()) as { meta: Record<string, unknown> }[];
    expect(Object.keys(record!.meta).toSorted()).toEqual(["categorie", "date", "imc", "poids", "taille"]);
  });

  it("saves 100 calculations an hour per user, then answers 429 with Retry-After and saves nothing more", async () => {
    for (let index = 0; index < HISTORY_WRITE_LIMIT.perUser; index += 1) {
      expect((await postHistory(imcBody, bearer(leaToken))).status).toBe(201);
    }
    const refused = await postHistory(imcBody, bearer(leaToken));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect(await refused.json()).toEqual({ message: HISTORY_MESSAGES.tooMany(60), code: "tooManyRequests" });
    const page = await app.services.store.history.listForUser(
      (await app.services.store.users.findByPseudo("lea"))!.id,
      { limit: 100 },
    );
    expect(page).toHaveLength(HISTORY_WRITE_LIMIT.perUser);
    const last = page.at(-1)!;
    expect(
      await app.services.store.history.listForUser(last.userId, {
        limit: 100,
        before: { createdAt: last.createdAt, id: last.id },
      }),
    ).toEqual([]);
    // Another user is not affected.
    expect((await postHistory(imcBody, bearer(maxToken))).status).toBe(201);
  });

  it("refuses other methods", async () => {
    const response = await callRoute(
      historyRoute.action as never,
      new Request("http://localhost:3000/api/history", { method: "PUT", headers: bearer(leaToken) }),
      { context: app.context() },
    );
    expect(response.status).toBe(405);
  });
});

describe("GET /api/history", () => {
  it("lists the caller's own records, newest first", async () => {
    await postHistory(imcBody, bearer(leaToken));
    await postHistory(caloriesBody, bearer(maxToken));
    await postHistory(caloriesBody, bearer(leaToken));
    const response = await getHistory(bearer(leaToken));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const records = (await response.json()) as { action: string; _id: string; createdAt: string; meta: object }[];
    expect(records.map((record) => record.action)).toEqual(["CALORIES_CALC", "IMC_CALC"]);
    expect(Object.keys(records[0]!).toSorted()).toEqual(["_id", "action", "createdAt", "meta"]);
    expect(await (await getHistory(bearer(maxToken))).json()).toHaveLength(1);
  });

  it("answers 401 without a token", async () => {
    const response = await getHistory();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
  });

  it("answers a page at a time, each full page linking the next, until every record was read once", async () => {
    for (let index = 0; index < 5; index += 1) {
      await postHistory(imcBody, bearer(leaToken));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const all = (await (await getHistory(bearer(leaToken))).json()) as { _id: string }[];
    expect(all).toHaveLength(5);

    const seen: string[] = [];
    let path: string | null = "/api/history?limit=2";
    const pageSizes: number[] = [];
    while (path) {
      const response = await getHistory(bearer(leaToken), path);
      expect(response.status).toBe(200);
      const page = (await response.json()) as { _id: string }[];
      pageSizes.push(page.length);
      seen.push(...page.map((record) => record._id));
      path = /^<([^>]+)>; rel="next"$/.exec(response.headers.get("Link") ?? "")?.[1] ?? null;
    }
    expect(pageSizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(all.map((record) => record._id));
  });

  it("answers at most a full page, with no link when nothing older is left", async () => {
    await postHistory(imcBody, bearer(leaToken));
    const response = await getHistory(bearer(leaToken));
    expect(response.headers.get("Link")).toBeNull();
    expect(await response.json()).toHaveLength(1);
  });

  it.each([
    ["/api/history?limit=0", HISTORY_PAGE_MESSAGES.invalidLimit],
    [`/api/history?limit=${HISTORY_PAGE_SIZE + 1}`, HISTORY_PAGE_MESSAGES.invalidLimit],
    ["/api/history?limit=abc", HISTORY_PAGE_MESSAGES.invalidLimit],
    ["/api/history?before=yesterday", HISTORY_PAGE_MESSAGES.invalidCursor],
    ["/api/history?before=1700000000000-nothex", HISTORY_PAGE_MESSAGES.invalidCursor],
  ])("answers 400 to %s", async (path, message) => {
    const response = await getHistory(bearer(leaToken), path);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });
});

describe("DELETE /api/history/:id", () => {
  it("deletes the caller's own record", async () => {
    const { _id } = (await (await postHistory(imcBody, bearer(leaToken))).json()) as { _id: string };
    const response = await deleteEntry(_id, bearer(leaToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await (await getHistory(bearer(leaToken))).json()).toEqual([]);
  });

  it("answers 404 for another user's record, and leaves it alone", async () => {
    const { _id } = (await (await postHistory(imcBody, bearer(leaToken))).json()) as { _id: string };
    const response = await deleteEntry(_id, bearer(maxToken));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: historyEntryRoute.HISTORY_ENTRY_NOT_FOUND });
    expect(await (await getHistory(bearer(leaToken))).json()).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["0123456789abcdef01234567", "not-an-id", '{"$gt":""}']) {
      expect((await deleteEntry(id, bearer(leaToken))).status).toBe(404);
    }
  });

  it("answers 401 without a token", async () => {
    const { _id } = (await (await postHistory(imcBody, bearer(leaToken))).json()) as { _id: string };
    expect((await deleteEntry(_id)).status).toBe(401);
  });
});
