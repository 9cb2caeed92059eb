import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type ParsedMail, parseEml } from "./eml";

export interface MailFile extends ParsedMail {
  file: string;
  writtenAt: Date;
}

const mailFileName = /^[\w.-]+\.eml$/;

/** The .eml files written without SMTP, newest first. */
export async function listMailFiles(mailDir: string, limit = 100): Promise<MailFile[]> {
  let names: string[];
  try {
    names = (await readdir(mailDir)).filter((name) => mailFileName.test(name));
  } catch {
    return [];
  }
  const files = await Promise.all(
    names.map(async (file) => {
      const full = path.join(mailDir, file);
      const [raw, info] = await Promise.all([readFile(full, "utf8"), stat(full)]);
      return { file, writtenAt: info.mtime, ...parseEml(raw) };
    }),
  );
  return files.toSorted((a, b) => b.writtenAt.getTime() - a.writtenAt.getTime()).slice(0, limit);
}

/** One mail by file name; null for a name that is not a plain .eml file name (no path tricks). */
export async function readMailFile(mailDir: string, file: string): Promise<MailFile | null> {
  if (!mailFileName.test(file)) return null;
  try {
    const full = path.join(mailDir, file);
    const [raw, info] = await Promise.all([readFile(full, "utf8"), stat(full)]);
    return { file, writtenAt: info.mtime, ...parseEml(raw) };
  } catch {
    return null;
  }
}

/**
 * Removes the written mails addressed to any of these addresses (an erased
 * account's): mail files hold links and personal words as much as the
 * store did. Returns how many were removed; a missing folder removes none.
 */
export async function removeMailFilesTo(mailDir: string, addresses: readonly string[]): Promise<number> {
  const wanted = new Set(addresses.map((address) => address.trim().toLowerCase()));
  let names: string[];
  try {
    names = (await readdir(mailDir)).filter((name) => mailFileName.test(name));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const file of names) {
    const full = path.join(mailDir, file);
    try {
      const recipients = parseEml(await readFile(full, "utf8"))
        .to.split(",")
        .map((recipient) => (/<([^>]+)>/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase());
      if (recipients.some((recipient) => wanted.has(recipient))) {
        await rm(full, { force: true });
        removed += 1;
      }
    } catch {
      // A file removed meanwhile, or one that is not a mail: nothing to do.
    }
  }
  return removed;
}
