import { randomBytes } from "node:crypto";

// Same layout as MongoDB's ObjectId, so ids look alike whatever the adapter and
// sort roughly by creation time: 4-byte seconds timestamp, 5 bytes random per
// process, 3-byte counter starting at a random value.
const processUnique = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

export function newObjectId(now: Date = new Date()): string {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.floor(now.getTime() / 1000) >>> 0, 0);
  processUnique.copy(bytes, 4);
  counter = (counter + 1) % 0x1000000;
  bytes.writeUIntBE(counter, 9, 3);
  return bytes.toString("hex");
}

const OBJECT_ID_HEX = /^[0-9a-f]{24}$/i;

/** The canonical (lowercase) form of a 24-hex id, or null for anything else. */
export function normalizeObjectId(value: unknown): string | null {
  return typeof value === "string" && OBJECT_ID_HEX.test(value) ? value.toLowerCase() : null;
}

export function objectIdTimestamp(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}
