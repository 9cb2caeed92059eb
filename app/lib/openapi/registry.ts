// The shape of one call's entry in the API description (calls.ts holds them
// all). Schemas are zod: the ones the routes validate with, and the answers'
// schemas the proof test checks every answer against. Only what zod cannot
// know is written here: the path, the method, who may call, the statuses,
// the headers.

import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "delete";

/**
 * Who may call: anybody; a signed-in user (bearer token or session cookie,
 * 401 otherwise); an admin (and 403 for a signed-in user who is not).
 */
export type Access = "public" | "signed-in" | "admin";

export interface HeaderDoc {
  description: string;
  schema: { type: "string" | "integer"; format?: string; pattern?: string };
  /** The proof test checks that every answer of this status carries it. */
  required: boolean;
}

export interface ApiAnswer {
  description: string;
  /** The body's schema (JSON unless mediaType says otherwise); none for an empty body. */
  body?: z.ZodType;
  /** Other media types than JSON (a download), each with its schema. */
  media?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, HeaderDoc>;
}

export interface ApiBody {
  schema: z.ZodType;
  /** application/json unless said otherwise. */
  mediaType?: string;
  /** Other media types the call takes with the same meaning (the unsubscribe's one-click form). */
  alsoAccepts?: Record<string, z.ZodType>;
  /** Past it the server stops reading and answers 413. */
  limitBytes: number;
  required: boolean;
}

export interface ApiCall {
  method: HttpMethod;
  /** OpenAPI's form: /api/history/{id}. */
  path: `/api/${string}`;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: ApiBody;
  /** By status. The builder adds 401/403 (access, Origin) and 413 (body limit) where they apply. */
  answers: Partial<Record<number, ApiAnswer>>;
}

export const RETRY_AFTER: HeaderDoc = {
  description: "Seconds to wait before trying again.",
  schema: { type: "integer" },
  required: true,
};

export const NEXT_PAGE_LINK: HeaderDoc = {
  description:
    'Only when the page is full: `<address of the next page>; rel="next"` (RFC 8288). A page shorter than its limit is the last.',
  schema: { type: "string", pattern: '^<[^>]+>; rel="next"$' },
  required: false,
};

export const SESSION_COOKIE_SET: HeaderDoc = {
  description: "The session cookie (HttpOnly, SameSite=Lax; Secure and __Host- prefixed in production).",
  schema: { type: "string" },
  required: true,
};

export const SESSION_COOKIE_CLEARED: HeaderDoc = {
  description: "Clears the session cookie.",
  schema: { type: "string" },
  required: true,
};
