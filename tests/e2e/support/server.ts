import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// Where the e2e server (scripts/e2e-server.mjs) keeps its data for this run.
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const e2eDataDir = path.resolve(import.meta.dirname, `../../.output/e2e-data-${e2ePort}`);
export const mailDir = path.join(e2eDataDir, "mail");

/** Demo accounts seeded outside production (app/services/auth/demo-accounts.server.ts). */
export const demoUser = { email: "demo@dynami.local", pseudo: "demo", password: "demo-dynami-2026" };
export const demoAdmin = { email: "admin@dynami.local", pseudo: "admin", password: "admin-dynami-2026" };

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** Every http(s) link in the text part. */
  links: string[];
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes);
  } catch {
    return bytes;
  }
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, body: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(body, "base64").toString("utf8")
      : decodeQuotedPrintable(body.replace(/_/g, " ")),
  );
}

function parseEml(file: string): ReceivedMail {
  const raw = readFileSync(file, "utf8");
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, "im").exec(unfolded)?.[1] ?? "");
  const body = rest.join("\n\n");
  const textPart = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)(\r?\n--|$)/i.exec(body)?.[1] ?? body;
  const text = /quoted-printable/i.test(body) ? decodeQuotedPrintable(textPart) : textPart;
  return { file, to: header("To"), subject: header("Subject"), text, links: text.match(/https?:\/\/\S+/g) ?? [] };
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
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map(parseEml)
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the outbox to deliver a mail to that address matching the subject. */
export async function waitForMail(address: string, subject?: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(address).filter((mail) => !subject || subject.test(mail.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${address}${subject ? ` matching ${subject}` : ""} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
