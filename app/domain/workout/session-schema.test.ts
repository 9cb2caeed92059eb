import { describe, expect, it } from "vitest";
import {
  EARLIEST_SESSION_END,
  MAX_CLOCK_AHEAD_MS,
  parseSessionPayload,
  SESSION_PAYLOAD_MESSAGES,
} from "./session-schema";
import { MAX_SESSION_SPAN_MS } from "./session-timer";

const M = SESSION_PAYLOAD_MESSAGES;
const now = new Date("2026-01-10T12:00:00.000Z");
const dates = { startedAt: "2026-01-10T08:00:00.000Z", endedAt: "2026-01-10T09:00:00.000Z" };

/** The session read from a payload that the schema accepts. */
function sessionOf(body: Record<string, unknown>) {
  const outcome = parseSessionPayload({ ...dates, ...body }, now);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.session;
}

const entryOf = (entry: Record<string, unknown>) => sessionOf({ entries: [{ exerciseId: "x", ...entry }] }).entries[0]!;

describe("a payload's entries", () => {
  it("take the entry's mode first, whatever its type says", () => {
    expect(entryOf({ mode: "pdc", type: "cardio" }).mode).toBe("pdc");
  });

  // Each with the sets that would give another mode without the type.
  it.each([
    ["cardio", "cardio", { sets: [{ reps: 5 }] }],
    ["pdc", "pdc", { cardioSets: [{ durationSec: 60 }] }],
    ["poids_du_corps", "pdc", { cardioSets: [{ durationSec: 60 }] }],
    ["muscu", "muscu", { cardioSets: [{ durationSec: 60 }] }],
  ])("read a type %j without a mode as the mode %j", (type, mode, sets) => {
    expect(entryOf({ type, ...sets }).mode).toBe(mode);
  });

  it("without a mode or a type, are cardio when only cardio sets came", () => {
    expect(entryOf({ cardioSets: [{ durationSec: 60 }] }).mode).toBe("cardio");
    expect(entryOf({ cardioSets: [{ durationSec: 60 }], sets: [{ reps: 5 }] }).mode).toBe("muscu");
    expect(entryOf({ sets: [{ reps: 5 }] }).mode).toBe("muscu");
    expect(entryOf({}).mode).toBe("muscu");
  });

  it("keep the sets of their mode: the cardio sets of a cardio entry, the strength sets otherwise", () => {
    const both = { sets: [{ reps: 5, weight: 20 }], cardioSets: [{ durationMin: 12, distanceKm: 2 }] };
    expect(entryOf({ ...both, mode: "cardio" }).sets).toEqual([
      expect.objectContaining({ durationMin: 12, distanceKm: 2, reps: undefined }),
    ]);
    expect(entryOf({ ...both, mode: "muscu" }).sets).toEqual([
      expect.objectContaining({ reps: 5, weightKg: 20, durationMin: undefined }),
    ]);
    expect(entryOf({ mode: "cardio", sets: [{ durationSec: 30 }] }).sets).toEqual([
      expect.objectContaining({ durationSec: 30 }),
    ]);
    expect(entryOf({ mode: "muscu" }).sets).toEqual([]);
  });

  it("default to the spec's name, no notes and done; what was sent is kept", () => {
    expect(entryOf({})).toEqual({ exerciseId: "x", name: "Exercise", mode: "muscu", notes: "", done: true, sets: [] });
    expect(entryOf({ name: "Tractions", notes: "Lestées", done: false })).toMatchObject({
      name: "Tractions",
      notes: "Lestées",
      done: false,
    });
  });

  it("lose their control characters and surrounding spaces", () => {
    expect(entryOf({ name: "  Dips\u0007 lestés \u0000 " }).name).toBe("Dips lestés");
  });

  it("are read from items when entries are missing, and are none when both are", () => {
    expect(sessionOf({ items: [{ exerciseId: "y" }] }).entries.map((entry) => entry.exerciseId)).toEqual(["y"]);
    expect(sessionOf({}).entries).toEqual([]);
  });
});

describe("a payload's session", () => {
  it("is named by its name, else its label, else nothing; without notes its notes are empty", () => {
    expect(sessionOf({ name: "Jambes", label: "Haut" }).name).toBe("Jambes");
    expect(sessionOf({ label: "Haut" }).name).toBe("Haut");
    expect(sessionOf({})).toMatchObject({ name: "", notes: "", countedSeconds: null, summary: null });
    expect(sessionOf({ notes: " Bien " }).notes).toBe("Bien");
  });

  it("reads the summary at the top first, else under meta", () => {
    const top = { plannedExercises: 3 };
    const meta = { plannedExercises: 5 };
    expect(sessionOf({ summary: top, meta: { summary: meta } }).summary).toEqual({
      plannedExercises: 3,
      exercises: undefined,
    });
    expect(sessionOf({ meta: { summary: meta, durationSec: 600 } })).toMatchObject({
      countedSeconds: 600,
      summary: { plannedExercises: 5, exercises: undefined },
    });
  });

  it("fills a summary line's missing name, done and note", () => {
    const summary = {
      exercises: [{}, { exerciseName: "Squat", done: true, note: "Lourd" }],
    };
    expect(sessionOf({ summary }).summary!.exercises).toEqual([
      { exerciseName: "Exercise", done: false, note: "" },
      { exerciseName: "Squat", done: true, note: "Lourd" },
    ]);
  });
});

describe("a payload's dates", () => {
  const at = (startedAt: Date, endedAt: Date) =>
    parseSessionPayload({ startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString() }, now);
  const start = new Date("2026-01-01T08:00:00.000Z");

  it("accept an end at the start, 7 days after it, or a day ahead of the server's clock", () => {
    expect(at(start, start).ok).toBe(true);
    expect(at(start, new Date(start.getTime() + MAX_SESSION_SPAN_MS)).ok).toBe(true);
    const ahead = new Date(now.getTime() + MAX_CLOCK_AHEAD_MS);
    expect(at(ahead, ahead).ok).toBe(true);
    expect(at(EARLIEST_SESSION_END, EARLIEST_SESSION_END).ok).toBe(true);
  });

  it("refuse an end before the start, beyond 7 days, further ahead, or before 2020", () => {
    expect(at(start, new Date(start.getTime() - 1))).toEqual({ ok: false, message: M.endedBeforeStart });
    expect(at(start, new Date(start.getTime() + MAX_SESSION_SPAN_MS + 1))).toEqual({ ok: false, message: M.tooLong });
    const ahead = new Date(now.getTime() + MAX_CLOCK_AHEAD_MS + 1);
    expect(at(ahead, ahead)).toEqual({ ok: false, message: M.inTheFuture });
    const old = new Date(EARLIEST_SESSION_END.getTime() - 1);
    expect(at(old, old)).toEqual({ ok: false, message: M.tooOld });
  });
});

describe("a refused payload", () => {
  it("names the field at fault before its problem", () => {
    expect(parseSessionPayload({ ...dates, entries: [{ exerciseId: "x", sets: [{ reps: -1 }] }] }, now)).toEqual({
      ok: false,
      message: "entries[0].sets[0].reps doit être un nombre de 0 à 1000.",
    });
  });

  it("answers a body that is not an object with the body's message", () => {
    expect(parseSessionPayload([], now)).toEqual({ ok: false, message: M.bodyNotAnObject });
  });
});
