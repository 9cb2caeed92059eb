import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { caloriesHistoryEntry, imcHistoryEntry } from "~/domain/history";
import { freshTestAppPerTest } from "~/testing/route-harness.server";
import { startSession } from "./auth/session.server";
import { deleteCalculation, listCalculations, saveCalculation, saveForCurrentUser } from "./history.server";

const app = freshTestAppPerTest();
let userId: string;
let otherId: string;

beforeEach(async () => {
  const base = { passwordHash: "x" };
  userId = (await app.services.store.users.create({ ...base, pseudo: "lea", email: "lea@example.com" })).id;
  otherId = (await app.services.store.users.create({ ...base, pseudo: "max", email: "max@example.com" })).id;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const imc = imcHistoryEntry({ poids: 70, taille: 175 }, new Date("2026-03-01T10:00:00.000Z"));
const calories = caloriesHistoryEntry(
  { sexe: "femme", poids: 60, taille: 165, age: 28, formule: "mifflin", activite: "faible", objectif: "maintain" },
  new Date("2026-03-02T10:00:00.000Z"),
);

describe("history service", () => {
  it("saves a calculation and returns it as the API shows it", async () => {
    const saved = await saveCalculation(app.services.store, userId, imc);
    expect(saved).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      action: "IMC_CALC",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      meta: { poids: 70, taille: 175, imc: 22.9, categorie: "Corpulence normale", date: "2026-03-01T10:00:00.000Z" },
    });
  });

  it("lists only the user's own records, newest first", async () => {
    const first = await saveCalculation(app.services.store, userId, imc);
    await saveCalculation(app.services.store, otherId, imc);
    const second = await saveCalculation(app.services.store, userId, calories);
    const listed = await listCalculations(app.services.store, userId);
    expect(listed.map((entry) => entry._id)).toEqual([second._id, first._id]);
    // Mifflin, woman: 600 + 1031.25 - 140 - 161 = 1330.25; x 1.2 = 1596.3 -> 1596.
    expect(listed[0]!.meta).toMatchObject({ sexe: "femme", calories: 1596 });
  });

  it("deletes a user's own record only", async () => {
    const mine = await saveCalculation(app.services.store, userId, imc);
    expect(await deleteCalculation(app.services.store, otherId, mine._id)).toBe(false);
    expect(await deleteCalculation(app.services.store, userId, "not-an-id")).toBe(false);
    expect(await deleteCalculation(app.services.store, userId, mine._id)).toBe(true);
    expect(await deleteCalculation(app.services.store, userId, mine._id)).toBe(false);
    expect(await listCalculations(app.services.store, userId)).toEqual([]);
  });
});

describe("saveForCurrentUser", () => {
  it("saves for the user of the session cookie or bearer token", async () => {
    const context = app.context();
    const { token } = await startSession(context, userId, { remember: false });
    const request = new Request("http://localhost:3000/imc", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await saveForCurrentUser(app.context(), request, imc)).toBe("saved");
    expect(await listCalculations(app.services.store, userId)).toHaveLength(1);
  });

  it("does not save for a visitor", async () => {
    const request = new Request("http://localhost:3000/imc", { method: "POST" });
    expect(await saveForCurrentUser(app.context(), request, imc)).toBe("signed-out");
    expect(await listCalculations(app.services.store, userId)).toEqual([]);
  });

  it("reports a store failure instead of throwing", async () => {
    const context = app.context();
    const { token } = await startSession(context, userId, { remember: false });
    const request = new Request("http://localhost:3000/imc", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    vi.spyOn(app.services.store.history, "add").mockRejectedValue(new Error("disk full"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await saveForCurrentUser(app.context(), request, imc)).toBe("failed");
    expect(logged).toHaveBeenCalled();
  });
});
