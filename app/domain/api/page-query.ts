// The query of a keyset-paged listing of the JSON API, as zod: the routes
// read it with this and the API description shows it. Apart from
// keyset-page.ts, which the browser loads (the pages' cursors) without zod.

import { z } from "zod";
import { CURSOR_PATTERN, pageQueryMessages, parseKeysetCursor } from "../keyset-page.ts";
import { documentedAs } from "./documented.ts";

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
