// The server the end-to-end tests run against: the built app on a fresh
// SQLite file, with mails written under tests/.output/mail.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// One folder per port, so parallel runs on other ports do not share a database.
const dataDir = path.join(root, `tests/.output/e2e-data-${process.env.PORT ?? "3210"}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = `sqlite:${path.join(dataDir, "app.db")}`;
process.env.MAIL_DIR = path.join(dataDir, "mail");
process.env.SESSION_SECRET ??= "e2e-session-secret-that-is-long-enough-0123456789";

await import(pathToFileURL(path.join(root, "app/server/main.ts")).href);
