import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/languages";
import { professionalReviews } from "./pro-reviews.server";

const publicDir = path.resolve(import.meta.dirname, "../../public");
const file = JSON.parse(readFileSync(path.join(publicDir, "data/reviews.json"), "utf8")) as {
  professionalReviews: Record<string, unknown>[];
};

describe("public/data/reviews.json", () => {
  it("lists professional reviews with the spec's fields, unique ids, 1 to 5 stars and a photo on disk", () => {
    expect(file.professionalReviews.length).toBeGreaterThanOrEqual(4);
    const ids = new Set<unknown>();
    for (const review of file.professionalReviews) {
      expect(Object.keys(review).toSorted()).toEqual(["comment", "id", "name", "photo", "profession", "rating"]);
      expect(Number.isInteger(review.rating) && (review.rating as number) >= 1 && (review.rating as number) <= 5).toBe(
        true,
      );
      expect(existsSync(path.join(publicDir, String(review.photo)))).toBe(true);
      ids.add(review.id);
    }
    expect(ids.size).toBe(file.professionalReviews.length);
  });

  it("has every review in every language", () => {
    for (const language of supportedLanguages) {
      const reviews = professionalReviews(language);
      expect(reviews).toHaveLength(file.professionalReviews.length);
      for (const review of reviews) {
        expect(review.comment.length).toBeGreaterThan(20);
        expect(review.profession).not.toBe("");
      }
    }
    expect(professionalReviews("en")[0]!.comment).not.toBe(professionalReviews("fr")[0]!.comment);
  });
});
