import { describe, expect, it, vi } from "vitest";
import { smallPng } from "~/testing/images";
import { freshTestAppPerTest } from "~/testing/route-harness.server";
import { deleteProfilePhoto, uploadProfilePhoto } from "./photos.server";
import {
  APPROVED_REVIEWS_MEMORY_MS,
  approveReview,
  deleteReview,
  listApprovedReviews,
  submitReview,
} from "./reviews.server";

// The approved reviews are read for every signed-in home page: kept in memory
// a few seconds, forgotten at once by whatever changes what they show.

const app = freshTestAppPerTest();
const START = Date.parse("2026-11-29T10:00:00Z");

async function author(pseudo = "lea") {
  return app.services.store.users.create({ pseudo, email: `${pseudo}@example.test`, passwordHash: "x" });
}

async function approvedReview(comment: string, pseudo = "lea") {
  const user = await author(pseudo);
  const review = await app.services.store.reviews.create({ userId: user.id, name: pseudo, rating: 5, comment });
  await app.services.store.reviews.approve(review.id);
  return { user, review };
}

const comments = (reviews: readonly { comment: string }[]) => reviews.map((review) => review.comment);

describe("the public reviews, kept in memory", () => {
  it(`are read from the store once per ${APPROVED_REVIEWS_MEMORY_MS / 1000} s, then again`, async () => {
    await approvedReview("Premier avis publié");
    const read = vi.spyOn(app.services.store.reviews, "listApproved");

    const first = await listApprovedReviews(app.services, START);
    // Written behind the memory's back (another process sharing the store).
    await approvedReview("Publié ailleurs", "tom");
    const second = await listApprovedReviews(app.services, START + APPROVED_REVIEWS_MEMORY_MS - 1);
    expect(second).toBe(first);
    expect(comments(second)).toEqual(["Premier avis publié"]);
    expect(read).toHaveBeenCalledTimes(1);

    const later = await listApprovedReviews(app.services, START + APPROVED_REVIEWS_MEMORY_MS);
    expect(comments(later)).toEqual(["Publié ailleurs", "Premier avis publié"]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("show a review as soon as it is approved, and drop it as soon as it is deleted", async () => {
    const user = await author();
    await listApprovedReviews(app.services, START);
    const submitted = await submitReview(app.services, user, { rating: 4, comment: "Très bonne appli" });
    if (!submitted.ok) throw new Error("the review was refused");
    expect(await listApprovedReviews(app.services, START + 1)).toEqual([]);

    await approveReview(app.services, submitted.review._id);
    expect(comments(await listApprovedReviews(app.services, START + 2))).toEqual(["Très bonne appli"]);

    await deleteReview(app.services, submitted.review._id);
    expect(await listApprovedReviews(app.services, START + 3)).toEqual([]);
  });

  it("show an author's new photo, and its removal, at once", async () => {
    const { user } = await approvedReview("Avec ma photo");
    const [before] = await listApprovedReviews(app.services, START);
    expect(before?.photo).toBeNull();

    const uploaded = await uploadProfilePhoto(app.services.store, user.id, await smallPng());
    if (!uploaded.ok) throw new Error("the photo was refused");
    const [withPhoto] = await listApprovedReviews(app.services, START + 1);
    expect(withPhoto?.photo).toBe(uploaded.photo);

    await deleteProfilePhoto(app.services.store, user.id);
    const [without] = await listApprovedReviews(app.services, START + 2);
    expect(without?.photo).toBeNull();
  });

  it("are not remembered when the store fails: the next request asks again", async () => {
    await approvedReview("Toujours là");
    const read = vi
      .spyOn(app.services.store.reviews, "listApproved")
      .mockRejectedValueOnce(new Error("store unavailable"));
    await expect(listApprovedReviews(app.services, START)).rejects.toThrow("store unavailable");
    expect(comments(await listApprovedReviews(app.services, START + 1))).toEqual(["Toujours là"]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("cannot be changed by a page that reads them", async () => {
    await approvedReview("Intouchable");
    const reviews = await listApprovedReviews(app.services, START);
    expect(Object.isFrozen(reviews)).toBe(true);
    expect(Object.isFrozen(reviews[0])).toBe(true);
  });
});
