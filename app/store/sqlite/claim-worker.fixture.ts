// Test fixture: run in a worker thread with its own SQLite connection, claims
// mails until none is left and posts back the ids it got.
import { parentPort, workerData } from "node:worker_threads";
import { openSqliteStore } from "./sqlite-store.server.ts";

const { databaseUrl } = workerData as { databaseUrl: string };
const store = openSqliteStore(databaseUrl);
const claimedIds: string[] = [];
for (let claimed = await store.outbox.claimNext(); claimed; claimed = await store.outbox.claimNext()) {
  claimedIds.push(claimed.id);
}
await store.close();
// oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker_threads port, not window.postMessage: it takes no target origin
parentPort?.postMessage(claimedIds);
