import { readdir, readFile, stat } from "node:fs/promises";
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
