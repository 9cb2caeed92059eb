import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type ParsedMail, parseEml } from "../../../app/services/mail/eml.ts";

// Where the e2e server (scripts/e2e-server.mjs) keeps its data for this run.
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const e2eDataDir = path.resolve(import.meta.dirname, `../../.output/e2e-data-${e2ePort}`);
export const mailDir = path.join(e2eDataDir, "mail");

/** Demo accounts seeded outside production (app/services/auth/demo-accounts.server.ts). */
export const demoUser = { email: "demo@dynami.local", pseudo: "demo", password: "demo-dynami-2026" };
export const demoAdmin = { email: "admin@dynami.local", pseudo: "admin", password: "admin-dynami-2026" };

export interface ReceivedMail extends ParsedMail {
  file: string;
}

/** Mails written so far to an address, newest last. */
export function mailsTo(address: string): ReceivedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return files
    .map((name) => path.join(mailDir, name))
    .toSorted((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((file) => ({ file, ...parseEml(readFileSync(file, "utf8")) }))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the outbox to deliver a mail to that address matching the subject. */
export async function waitForMail(address: string, subject?: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(address)
      .filter((mail) => !subject || subject.test(mail.subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address}${subject ? ` matching ${subject}` : ""} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
