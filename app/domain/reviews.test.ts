import { describe, expect, it } from "vitest";
import {
  commentLength,
  normalizeComment,
  parseRating,
  REVIEW_ADMIN_MESSAGES,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_TIMINGS,
  validateReview,
} from "./reviews.ts";
import { createReviewSchema, reviewSchema } from "./reviews-schema.ts";

function firstMessage(input: unknown): string | undefined {
  const result = reviewSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("review rules", () => {
  it("keeps the spec's constants and texts", () => {
    expect(REVIEW_LIMITS).toMatchObject({
      commentMin: 10,
      commentMax: 500,
      ratingMin: 1,
      ratingMax: 5,
      defaultRating: 5,
    });
    expect(REVIEW_TIMINGS.closeAfterMs).toBe(3000);
    expect(REVIEW_MESSAGES.success).toBe("Avis soumis avec succès ! Il sera publié après modération.");
    expect(REVIEW_MESSAGES.sendError).toBe("Erreur lors de l'envoi");
    expect(REVIEW_MESSAGES.networkError).toBe("Erreur lors de l'envoi de l'avis");
    expect(REVIEW_ADMIN_MESSAGES).toMatchObject({
      approved: "Avis approuvé !",
      deleted: "Avis supprimé !",
      error: "Erreur",
      approveError: "Erreur lors de l'approbation",
      deleteError: "Erreur lors de la suppression",
    });
  });

  it("accepts 10 to 500 characters and a whole rating from 1 to 5, and reads nothing else", () => {
    expect(reviewSchema.parse({ rating: 4, comment: "  Dix lettres  ", name: "Usurpateur" })).toEqual({
      rating: 4,
      comment: "Dix lettres",
    });
    expect(reviewSchema.parse({ rating: "5", comment: "c".repeat(500) }).comment).toHaveLength(500);
    expect(reviewSchema.parse({ rating: "1", comment: "0123456789" }).rating).toBe(1);
  });

  it("counts the comment once trimmed: 9 characters is too short, 501 too long", () => {
    expect(firstMessage({ rating: 5, comment: "" })).toBe(REVIEW_MESSAGES.commentRequired);
    expect(firstMessage({ rating: 5, comment: "   \n " })).toBe(REVIEW_MESSAGES.commentRequired);
    expect(firstMessage({ rating: 5, comment: "  123456789  " })).toBe(REVIEW_MESSAGES.commentTooShort);
    expect(firstMessage({ rating: 5, comment: "c".repeat(501) })).toBe(REVIEW_MESSAGES.commentTooLong);
    expect(REVIEW_MESSAGES.commentTooShort).toContain("10");
    expect(REVIEW_MESSAGES.commentTooLong).toContain("500");
  });

  it("refuses a rating outside 1-5, a fraction, or anything but a number", () => {
    for (const rating of [0, 6, 3.5, "3.5", "", "abc", null, undefined, { $gt: 0 }, [4], true]) {
      expect(firstMessage({ rating, comment: "Un avis assez long" })).toBe(REVIEW_MESSAGES.ratingInvalid);
    }
    expect(parseRating(" 3 ")).toBe(3);
    expect(parseRating(5)).toBe(5);
  });

  it("treats an operator object or a non-object body as an empty comment", () => {
    expect(firstMessage({ rating: 5, comment: { $gt: "" } })).toBe(REVIEW_MESSAGES.commentRequired);
    expect(reviewSchema.safeParse("nope").success).toBe(false);
  });

  it("stores the comment as plain text: control characters dropped, line ends unified, markup kept as typed", () => {
    expect(normalizeComment("a\u0000b\r\nc\rd <script>x</script>")).toBe("ab\nc\nd <script>x</script>");
    expect(commentLength(" héllo\r\n ")).toBe(5);
  });

  it("speaks another language when given its messages", () => {
    const english = Object.fromEntries(Object.keys(REVIEW_MESSAGES).map((key) => [key, `en:${key}`])) as Record<
      keyof typeof REVIEW_MESSAGES,
      string
    >;
    expect(
      createReviewSchema(english).safeParse({ rating: 9, comment: "long enough text" }).error?.issues[0]?.message,
    ).toBe("en:ratingInvalid");
  });

  it("answers message keys from the rules the browser runs, every failing field at once", () => {
    expect(validateReview({ rating: "4", comment: "  Dix lettres  " })).toEqual({
      ok: true,
      value: { rating: 4, comment: "Dix lettres" },
    });
    expect(validateReview({ rating: "0", comment: "court" })).toEqual({
      ok: false,
      errors: { rating: "ratingInvalid", comment: "commentTooShort" },
    });
    expect(validateReview(null)).toEqual({
      ok: false,
      errors: { rating: "ratingInvalid", comment: "commentRequired" },
    });
  });
});

describe("review schema issues", () => {
  const issues = (input: unknown) =>
    reviewSchema.safeParse(input).error?.issues.map(({ code, path, message }) => ({ code, path, message }));

  it("answers one issue, without a path, for a body that is not an object", () => {
    for (const body of ["nope", null, undefined, 5, ["rating", 4]]) {
      expect(issues(body)).toEqual([{ code: "custom", path: [], message: REVIEW_MESSAGES.commentRequired }]);
    }
  });

  it("puts each failing field's issue on its path, rating first", () => {
    expect(issues({ rating: 0, comment: "court" })).toEqual([
      { code: "custom", path: ["rating"], message: REVIEW_MESSAGES.ratingInvalid },
      { code: "custom", path: ["comment"], message: REVIEW_MESSAGES.commentTooShort },
    ]);
  });
});

describe("ratings typed in a form", () => {
  it("reads whole digits only, with spaces around", () => {
    expect(parseRating("04")).toBe(4);
    expect(parseRating("\t2\n")).toBe(2);
    for (const typed of ["+3", "3.0", "3e0", "0x3", "a3", "3 étoiles"]) expect(parseRating(typed)).toBeNull();
  });
});
