// The IMC form as a zod schema, for the server (page actions and the JSON
// API). Apart from imc.ts so the browser, which validates with
// validateImcInput directly, never loads zod.
import { z } from "zod";
import { IMC_MESSAGES, validateImcInput } from "./imc.ts";

/**
 * The IMC form as a zod schema, for a page action (FormData through
 * conform's parseWithZod, which turns empty fields into undefined) and for the
 * JSON API alike. It delegates to validateImcInput so both paths give the
 * same two messages. The single issue has an empty path: it is a form-level
 * error (conform's `form.errors`), because the message speaks of both fields.
 */
export const imcFormSchema = z
  .object(
    { poids: z.unknown().optional(), taille: z.unknown().optional() },
    // A JSON body that is not even an object gets the "not numbers" message
    // rather than zod's English default.
    { error: IMC_MESSAGES.invalidNumbers },
  )
  .transform((raw, ctx) => {
    const result = validateImcInput(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message, input: raw });
      return z.NEVER;
    }
    return { poids: result.poids, taille: result.taille };
  });

export type ImcFormValues = z.output<typeof imcFormSchema>;
