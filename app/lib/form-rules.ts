import { parse } from "@conform-to/react";

/** What the domain's rule functions answer (validateImcInput, validateCalorieInput, validateContact…). */
export type RuleCheck<Value> = { ok: true; value: Value } | { ok: false; errors: Partial<Record<string, string>> };

/**
 * conform's submission from the domain's own rules: the browser checks a
 * form with the very functions the server's zod schemas wrap, without
 * loading zod. An error under the key "" belongs to the whole form.
 */
export function parseWithRules<Fields extends Record<string, unknown> = Record<string, unknown>>(
  formData: FormData,
  check: (payload: Record<string, unknown>) => RuleCheck<object>,
) {
  return parse<Fields, string[]>(formData, {
    resolve(payload) {
      const checked = check(payload);
      // The form only needs to know the values pass: the server computes from them again.
      if (checked.ok) return { value: { ...checked.value } as Fields };
      const error: Record<string, string[]> = {};
      for (const [name, message] of Object.entries(checked.errors)) if (message) error[name] = [message];
      return { error };
    },
  });
}
