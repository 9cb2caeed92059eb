// Per-user listings are read a page at a time, newest first, so no request
// ever loads a whole list. A page continues from a cursor naming the last
// item already seen (keyset paging): items saved or deleted meanwhile never
// make a page skip or repeat one. The history and the workout sessions page
// this way, each with its own page size and date.

import { z } from "zod";
import { documentedAs } from "./api/documented.ts";

/** The position of an item in its list: its date, then its id (the tie-breaker). */
export interface KeysetCursor {
  at: Date;
  id: string;
}

// Fifteen digits at most: every such number of milliseconds is a valid Date.
const CURSOR_PATTERN = /^(\d{1,15})-([0-9a-f]{24})$/;

/** `<epoch ms>-<id>` of the last item of a page: opaque to clients, readable in logs. */
export function formatKeysetCursor(cursor: KeysetCursor): string {
  return `${cursor.at.getTime()}-${cursor.id}`;
}

/** The cursor a client sent back, or null when it is not one this server wrote. */
export function parseKeysetCursor(text: string): KeysetCursor | null {
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  return { at: new Date(Number(match[1])), id: match[2]! };
}

/** The page size a client asked for: a whole number from 1 to maxSize, or null. */
export function parsePageSize(text: string, maxSize: number): number | null {
  if (!/^\d{1,4}$/.test(text)) return null;
  const size = Number(text);
  return size >= 1 && size <= maxSize ? size : null;
}

/** Answers of the JSON API, in French like every API message. */
export function pageQueryMessages(maxSize: number) {
  return {
    invalidLimit: `limit doit être un nombre entier de 1 à ${maxSize}.`,
    invalidCursor: 'before n\'est pas un curseur valide : reprends celui du lien rel="next" de la page précédente.',
  } as const;
}

export interface KeysetPageRequest {
  limit: number;
  before?: KeysetCursor;
}

/**
 * `?limit=` (1 to maxSize, maxSize when absent) and `?before=`, both
 * optional, as zod: the routes read their query with it and the API
 * description shows it. The limit is checked before the cursor.
 */
export function keysetPageQuerySchema(maxSize: number) {
  const messages = pageQueryMessages(maxSize);
  const limit = z
    .string()
    .regex(/^\d{1,4}$/, { error: messages.invalidLimit })
    .transform(Number)
    .pipe(z.number().min(1, { error: messages.invalidLimit }).max(maxSize, { error: messages.invalidLimit }))
    .optional()
    .transform((size) => size ?? maxSize);
  return z.object({
    limit: documentedAs(limit, z.int().min(1).max(maxSize).default(maxSize).meta({ description: "Items per page." })),
    before: z
      .string()
      .regex(CURSOR_PATTERN, { error: messages.invalidCursor })
      .transform((text) => parseKeysetCursor(text)!)
      .optional()
      .meta({ description: 'The cursor of the Link header\'s rel="next" address: the last item already seen.' }),
  });
}

/** The named parameters of a URL query (the first value of each), for a query schema. */
export function queryValues(params: URLSearchParams, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? undefined]));
}

export function parseKeysetPageQuery(
  params: URLSearchParams,
  maxSize: number,
): { ok: true; page: KeysetPageRequest } | { ok: false; message: string } {
  const parsed = keysetPageQuerySchema(maxSize).safeParse(queryValues(params, ["limit", "before"]));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const { limit, before } = parsed.data;
  return { ok: true, page: before ? { limit, before } : { limit } };
}

/** The query of the next page, or null when this one was not full (nothing older is left). */
export function nextKeysetPageQuery(items: readonly KeysetCursor[], limit: number): string | null {
  const last = items.at(-1);
  if (items.length < limit || !last) return null;
  return new URLSearchParams({ limit: String(limit), before: formatKeysetCursor(last) }).toString();
}
