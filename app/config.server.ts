import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { mongoUrlProblem } from "./store/mongo/connection-string.ts";

// Read once at start: a bad value stops the process with one line that names
// the variable, rather than failing later in the middle of a request.

const MONGODB_URL = /^mongodb(\+srv)?:\/\/.+/;

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^sqlite:.+/.test(value) || MONGODB_URL.test(value), {
    message: "expected sqlite:<file> (for example sqlite:./data/app.db) or mongodb://host:27017/dynami",
    abort: true,
  })
  .superRefine((value, context) => {
    const problem = MONGODB_URL.test(value) ? mongoUrlProblem(value) : null;
    if (problem !== null) context.addIssue({ code: "custom", message: problem });
  });

/** A DNS label (RFC 1123): letters, digits and inner hyphens, 63 at most. */
const hostLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * What the server can listen on: an IPv4 address (0.0.0.0 for every
 * interface), an IPv6 address without brackets (:: for every interface), or a
 * host name such as localhost. Never a URL, a port, brackets or blanks. A name
 * whose last label is a number is a mistyped address (999.0.0.1), not a name.
 */
function isListenHost(value: string): boolean {
  if (isIP(value) !== 0) return true;
  const labels = value.split(".");
  return value.length <= 253 && labels.every((label) => hostLabel.test(label)) && !/^\d+$/.test(labels.at(-1)!);
}

/**
 * A line of the legal notice (a name, an address, a phone number): shown as
 * written, one line of printable text.
 */
const legalLine = z
  .string()
  .trim()
  .max(300, { error: "expected one line of at most 300 characters" })
  .refine((value) => !/[\p{Cc}]/u.test(value), { message: "expected one line of text, without control characters" })
  .optional();

/** The legal notice's settings: publisher and host, as the operator fills them (LCEN art. 6, § 5 DDG). */
export const LEGAL_NOTICE_VARIABLES = {
  publisherName: "LEGAL_PUBLISHER_NAME",
  publisherAddress: "LEGAL_PUBLISHER_ADDRESS",
  publicationDirector: "LEGAL_PUBLICATION_DIRECTOR",
  hostName: "LEGAL_HOST_NAME",
  hostAddress: "LEGAL_HOST_ADDRESS",
  hostPhone: "LEGAL_HOST_PHONE",
} as const;
export type LegalNoticeField = keyof typeof LEGAL_NOTICE_VARIABLES;

/** The legal notice's variables the operator has not set. */
export function unsetLegalNoticeVariables(legalNotice: Record<LegalNoticeField, string | null>): string[] {
  return (Object.keys(LEGAL_NOTICE_VARIABLES) as LegalNoticeField[])
    .filter((field) => legalNotice[field] === null)
    .map((field) => LEGAL_NOTICE_VARIABLES[field]);
}

/** proxy-addr's names for address ranges (express's `trust proxy`). */
const proxyRangeNames = ["loopback", "linklocal", "uniquelocal"];

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry) || isIP(entry) !== 0) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || prefix === undefined || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Who may say, in X-Forwarded-For, which address a request comes from:
 * nobody (off, the default: every limit counts the socket's peer), the
 * last N hops, or the proxies at these addresses or ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): AppConfig["trustProxy"] => {
    if (/^(off|false|0|no)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    context.addIssue({
      code: "custom",
      message:
        "expected off, a hop count from 1 to 10, or proxy addresses such as 10.0.0.5,10.1.0.0/16 (or loopback, linklocal, uniquelocal)",
    });
    return z.NEVER;
  });

const environmentSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: "expected development, production or test",
    })
    .default("development"),
  PORT: z.coerce
    .number({ error: "expected a whole number from 1 to 65535" })
    .int({ error: "expected a whole number from 1 to 65535" })
    .min(1, { error: "expected a whole number from 1 to 65535" })
    .max(65535, { error: "expected a whole number from 1 to 65535" })
    .default(3000),
  // Not trimmed: blanks around a host are a typo to point out, not to guess past.
  HOST: z
    .string()
    .refine(isListenHost, {
      message:
        "expected an IP address such as 127.0.0.1 or ::, or a host name such as localhost; no scheme, port or spaces",
    })
    .default("127.0.0.1"),
  DATABASE_URL: databaseUrl.default("sqlite:./data/app.db"),
  SESSION_SECRET: z.string().min(32, { error: "expected at least 32 characters" }).optional(),
  APP_URL: z.url({ error: "expected an absolute http(s) URL such as https://example.com" }).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/.+/.test(value), {
      message: "expected smtp://user:pass@host:port or smtps://...",
    })
    .optional(),
  MAIL_DIR: z.string().trim().min(1, { error: "expected a folder path" }).default("./data/mail"),
  CONTACT_TO: z.email({ error: "expected an e-mail address" }).optional(),
  LEGAL_PUBLISHER_NAME: legalLine,
  LEGAL_PUBLISHER_ADDRESS: legalLine,
  LEGAL_PUBLICATION_DIRECTOR: legalLine,
  LEGAL_HOST_NAME: legalLine,
  LEGAL_HOST_ADDRESS: legalLine,
  LEGAL_HOST_PHONE: legalLine,
  TRUST_PROXY: trustProxy.optional(),
});

export interface AppConfig {
  env: "development" | "production" | "test";
  isProduction: boolean;
  /**
   * The mail list (/dev/mails) and the demo accounts: only outside
   * production AND on a loopback address, so they cannot be exposed by
   * forgetting NODE_ENV on a public server.
   */
  devTools: { enabled: true } | { enabled: false; reason: string | null };
  port: number;
  host: string;
  databaseUrl: string;
  sessionSecret: string;
  appUrl: string;
  smtpUrl: string | null;
  mailDir: string;
  contactTo: string;
  /** The legal notice's publisher and host; null where the operator has not set it (the page shows a placeholder). */
  legalNotice: Record<LegalNoticeField, string | null>;
  /**
   * Whose X-Forwarded-For is believed (express's `trust proxy`): false (the
   * socket's peer is the client), a hop count, or the proxies' addresses.
   */
  trustProxy: false | number | string[];
}

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, expected: string) {
    super(`Configuration error: ${variable} is invalid (${expected}).`);
    this.name = "ConfigError";
    this.variable = variable;
  }
}

/** Blank variables count as unset, so `PORT= npm start` means the default. */
function withoutBlanks(env: Record<string, string | undefined>) {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== "") cleaned[key] = value;
  }
  return cleaned;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { dataDir?: string } = {},
): AppConfig {
  const parsed = environmentSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? "environment"), issue.message);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  if (isProduction && !values.SESSION_SECRET) {
    throw new ConfigError("SESSION_SECRET", "required in production: at least 32 random characters");
  }
  const dataDir = options.dataDir ?? "./data";
  const sessionSecret = values.SESSION_SECRET ?? readOrCreateDevelopmentSecret(dataDir);
  const appUrl = (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return {
    env: values.NODE_ENV,
    isProduction,
    devTools: devToolsFor(isProduction, values.HOST),
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    sessionSecret,
    appUrl,
    smtpUrl: values.SMTP_URL ?? null,
    mailDir: values.MAIL_DIR,
    contactTo: values.CONTACT_TO ?? "contact@dynami.local",
    legalNotice: Object.fromEntries(
      Object.entries(LEGAL_NOTICE_VARIABLES).map(([field, variable]) => [field, values[variable] ?? null]),
    ) as AppConfig["legalNotice"],
    trustProxy: values.TRUST_PROXY ?? false,
  };
}

/** 127.0.0.0/8, ::1 (with or without brackets, or IPv4-mapped) and localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return bare === "localhost" || bare === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function devToolsFor(isProduction: boolean, host: string): AppConfig["devTools"] {
  // Production needs no explanation: dev tools are simply not part of it.
  if (isProduction) return { enabled: false, reason: null };
  if (isLoopbackHost(host)) return { enabled: true };
  return {
    enabled: false,
    reason:
      `Development tools are off (no /dev/mails, no demo accounts): HOST=${host} is not a loopback address. ` +
      "They run only on 127.0.0.1, ::1 or localhost, so they are never exposed on a network.",
  };
}

/**
 * Outside production a secret is generated once and kept, so sessions survive
 * restarts without anyone having to configure anything.
 */
function readOrCreateDevelopmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
