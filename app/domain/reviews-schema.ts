// The review as a zod schema, for the JSON API (POST /api/reviews/users).
// The rules are validateReview's: kept apart so the browser, which calls that
// function directly, never loads zod.
import { z } from "zod";
import { documentedAs } from "./api/documented.ts";
import { REVIEW_LIMITS, REVIEW_MESSAGES, type ReviewInput, type ReviewMessages, validateReview } from "./reviews.ts";

/**
 * One issue per failing field, on its path (rating first, then comment); a
 * body that is not an object at all gets commentRequired.
 */
export function createReviewSchema(messages: ReviewMessages = REVIEW_MESSAGES) {
  return z.unknown().transform((raw, ctx): ReviewInput => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      ctx.addIssue({ code: "custom", message: messages.commentRequired, input: raw });
      return z.NEVER;
    }
    const checked = validateReview(raw);
    if (checked.ok) return checked.value;
    for (const field of ["rating", "comment"] as const) {
      const key = checked.errors[field];
      if (key)
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: messages[key],
          input: (raw as Record<string, unknown>)[field],
        });
    }
    return z.NEVER;
  });
}

/** What the API description shows of POST /api/reviews/users's body (the rules read the raw values). */
export const reviewBodyDescription = z
  .object({
    rating: z.int().min(REVIEW_LIMITS.ratingMin).max(REVIEW_LIMITS.ratingMax),
    comment: z
      .string()
      .min(REVIEW_LIMITS.commentMin)
      .max(REVIEW_LIMITS.commentMax)
      .meta({ description: "Plain text, counted once trimmed." }),
  })
  .meta({ id: "ReviewBody", examples: [{ rating: 5, comment: "Des séances claires, je progresse." }] });

export const reviewSchema = documentedAs(createReviewSchema(), reviewBodyDescription);
