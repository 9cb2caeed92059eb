// The calorie form as a zod schema, for the server (page actions through
// conform's parseWithZod, and the JSON API). The rules are validateCalorieInput's:
// kept apart so the browser, which calls that function directly, never loads zod.
import { z } from "zod";
import { CALORIE_FIELDS, CALORIE_MESSAGES, type CalorieInput, validateCalorieInput } from "./calories.ts";

/**
 * Each issue is on its field's path with a CALORIE_MESSAGES text, in the
 * order of the form; a body that is not an object at all is one issue
 * (formulaireInvalide). The output is a CalorieInput.
 */
export const calorieFormSchema = z.unknown().transform((raw, ctx): CalorieInput => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    ctx.addIssue({ code: "custom", message: CALORIE_MESSAGES.formulaireInvalide, input: raw });
    return z.NEVER;
  }
  const checked = validateCalorieInput(raw);
  if (checked.ok) return checked.value;
  for (const field of CALORIE_FIELDS) {
    const message = checked.errors[field];
    if (message)
      ctx.addIssue({ code: "custom", path: [field], message, input: (raw as Record<string, unknown>)[field] });
  }
  return z.NEVER;
});
