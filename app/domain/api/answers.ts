// Answer bodies shared by many calls of the JSON API. Every error is
// `{ message }` in French (the spec's words where it names them), with a
// `code` where a client needs to tell refusals apart.

import { z } from "zod";

export const errorAnswerSchema = z
  .object({
    message: z.string().meta({ description: "What went wrong, in French (the spec's text where it has one)." }),
    code: z.string().optional().meta({ description: "A stable key for the refusal, where the call names one." }),
    field: z.string().optional().meta({ description: "My account's calls: the field the message is about." }),
  })
  .meta({ id: "Error" });

/**
 * A refusal that may name its cause: the codes this answer can carry (the
 * same status without a code is one of the generic refusals, an Origin 403,
 * a body that is not JSON).
 */
export function errorWithCodes(codes: readonly [string, ...string[]]) {
  return errorAnswerSchema.extend({ code: z.enum(codes).optional() });
}

export const successMessageSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: "SuccessMessage" });

export const messageSchema = z.object({ message: z.string() }).meta({ id: "Message" });

export const successSchema = z.object({ success: z.literal(true) }).meta({ id: "Success" });

/** ISO 8601 date-time in UTC, as every answer writes dates. */
export const isoDateTime = z.iso.datetime({ offset: true });
