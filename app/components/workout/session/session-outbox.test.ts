import { beforeEach, describe, expect, it } from "vitest";
import type { SavedSessionPayload } from "~/domain/workout/session-payload";
import {
  keepPendingSession,
  MAX_PENDING_SESSIONS,
  type PendingSession,
  readPendingSessions,
  RETRY_DELAYS_MS,
  retryDelayMs,
  sendPendingSessions,
  SESSIONS_ENDPOINT,
} from "./session-outbox";
import { hasPendingSessions, PENDING_SESSIONS_KEY } from "./session-keys";

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const payload = { name: "Séance", entries: [] } as unknown as SavedSessionPayload;
const pending = (key: string, userId = "user-a"): PendingSession => ({ key, userId, payload, keptAt: 1 });

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

/** A fake fetch answering each request in turn (a status, or a whole answer); records what was sent. */
function answers(...replies: (number | Response | "offline")[]) {
  const sent: { url: string; key: string | null; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ url, key: headers.get("Idempotency-Key"), body: JSON.parse(String(init.body)) });
    const reply = replies.shift() ?? 201;
    if (reply === "offline") throw new TypeError("Failed to fetch");
    if (reply instanceof Response) return reply;
    const body = reply >= 400 ? { message: `refused ${reply}` } : { id: "x", _id: "x" };
    return Response.json(body, { status: reply });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

describe("pending sessions on the device", () => {
  it("are kept by key, a finish kept twice being kept once, the oldest going past the limit", () => {
    keepPendingSession(storage, pending("key-00000001"));
    keepPendingSession(storage, pending("key-00000001"));
    expect(readPendingSessions(storage).map((item) => item.key)).toEqual(["key-00000001"]);
    for (let index = 2; index <= MAX_PENDING_SESSIONS + 5; index += 1) {
      keepPendingSession(storage, pending(`key-${String(index).padStart(8, "0")}`));
    }
    const kept = readPendingSessions(storage);
    expect(kept).toHaveLength(MAX_PENDING_SESSIONS);
    expect(kept[0]!.key).toBe("key-00000006");
  });

  it("read back only well-formed entries", () => {
    storage.setItem(
      PENDING_SESSIONS_KEY,
      JSON.stringify([pending("key-00000001"), { key: "x" }, null, pending("bad key")]),
    );
    expect(readPendingSessions(storage).map((item) => item.key)).toEqual(["key-00000001"]);
    storage.setItem(PENDING_SESSIONS_KEY, "{not json");
    expect(readPendingSessions(storage)).toEqual([]);
  });

  it("are noticed for their user only", () => {
    keepPendingSession(storage, pending("key-00000001", "user-a"));
    expect(hasPendingSessions(storage, "user-a")).toBe(true);
    expect(hasPendingSessions(storage, "user-b")).toBe(false);
  });
});

describe("sending them", () => {
  it("sends the user's sessions with their keys, forgets the saved ones and those refused for good", async () => {
    keepPendingSession(storage, pending("key-00000001"));
    keepPendingSession(storage, pending("key-00000002", "user-b"));
    keepPendingSession(storage, pending("key-00000003"));
    keepPendingSession(storage, pending("key-00000004"));
    const fell = { exerciseId: "barbell-squat", name: "Squat barre", kind: "heaviestKg", previous: 60, value: 62.5 };
    const { fetch, sent } = answers(201, 400, Response.json({ id: "y", _id: "y", newRecords: [fell] }));
    const progress: [number, number][] = [];
    const report = await sendPendingSessions({
      userId: "user-a",
      storage,
      fetch,
      onProgress: (current, total) => progress.push([current, total]),
    });
    expect(sent.map((request) => [request.url, request.key])).toEqual([
      [SESSIONS_ENDPOINT, "key-00000001"],
      [SESSIONS_ENDPOINT, "key-00000003"],
      [SESSIONS_ENDPOINT, "key-00000004"],
    ]);
    expect(sent[0]!.body).toEqual(payload);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(report).toEqual({
      saved: ["key-00000001", "key-00000004"],
      refused: [{ key: "key-00000003", refusal: { key: "generic" } }],
      kept: [],
      // The records each saved session beat, as its answer named them (none in an answer without the field).
      newRecords: { "key-00000001": [], "key-00000004": [fell] },
    });
    // Someone else's session waits for them.
    expect(readPendingSessions(storage).map((item) => item.key)).toEqual(["key-00000002"]);
  });

  it("keeps a refusal's reason as a key from the answer's code, never the API's French text", async () => {
    for (const key of ["key-00000001", "key-00000002", "key-00000003", "key-00000004"]) {
      keepPendingSession(storage, pending(key));
    }
    const { fetch } = answers(
      Response.json(
        { message: "Aucune série valide : note au moins une répétition…", code: "NO_VALID_ENTRIES" },
        { status: 400 },
      ),
      Response.json({ message: "endedAt ne peut pas être dans le futur." }, { status: 400 }),
      Response.json({ message: "Nouveau refus", code: "SOMETHING_NEW" }, { status: 422 }),
      new Response("<html>Bad request</html>", { status: 400, headers: { "Content-Type": "text/html" } }),
    );
    const report = await sendPendingSessions({ userId: "user-a", storage, fetch });
    expect(report.refused).toEqual([
      { key: "key-00000001", refusal: { key: "noValidEntries" } },
      { key: "key-00000002", refusal: { key: "generic" } },
      { key: "key-00000003", refusal: { key: "generic" } },
      { key: "key-00000004", refusal: { key: "generic" } },
    ]);
    expect(readPendingSessions(storage)).toEqual([]);
  });

  it("keeps what the network, a busy server or an ended sign-in could not take", async () => {
    for (const key of ["key-00000001", "key-00000002", "key-00000003", "key-00000004", "key-00000005"]) {
      keepPendingSession(storage, pending(key));
    }
    const { fetch, sent } = answers(503, 429, 401, "offline");
    const report = await sendPendingSessions({ userId: "user-a", storage, fetch });
    expect(report.kept).toEqual(["key-00000001", "key-00000002", "key-00000003", "key-00000004", "key-00000005"]);
    // Offline: the rest is not even tried.
    expect(sent).toHaveLength(4);
    expect(readPendingSessions(storage)).toHaveLength(5);
  });

  it("sends one batch at a time: a call during a send gets the same report", async () => {
    keepPendingSession(storage, pending("key-00000001"));
    const { fetch, sent } = answers(201);
    const [first, second] = await Promise.all([
      sendPendingSessions({ userId: "user-a", storage, fetch }),
      sendPendingSessions({ userId: "user-a", storage, fetch }),
    ]);
    expect(second).toBe(first);
    expect(sent).toHaveLength(1);
  });
});

describe("retries after the network comes back", () => {
  it("waits longer before each try, and stops after the last one", () => {
    expect(RETRY_DELAYS_MS.map((_, attempt) => retryDelayMs(attempt))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(RETRY_DELAYS_MS.length)).toBeNull();
    // About half a minute in all: the next "online" event or visit takes over.
    expect(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBe(31_000);
  });
});
