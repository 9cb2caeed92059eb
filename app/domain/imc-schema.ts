// The IMC form as a zod schema, for the page actions (conform's parseWithZod
// on /imc and /outils). Apart from imc.ts so the browser, which validates
// with validateImcInput directly, never loads zod.
import { z } from "zod";
import type { ImcMessageKey } from "./imc.ts";
import { validateImcInput } from "./imc.ts";

/**
 * The IMC form as a zod schema, for a page action (FormData through
 * conform's parseWithZod, which turns empty fields into undefined). It
 * delegates to validateImcInput, and its issue says the message by key (an
 * ImcMessageKey: the page translates it, as it does the browser's own
 * check). The single issue has an empty path: it is a form-level error
 * (conform's `form.errors`), because the message speaks of both fields.
 */
export const imcFormSchema = z
  .object(
    { poids: z.unknown().optional(), taille: z.unknown().optional() },
    // A JSON body that is not even an object gets the "not numbers" message
    // rather than zod's English default.
    { error: "invalidNumbers" satisfies ImcMessageKey },
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
