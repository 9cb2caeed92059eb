import type { AppServices } from "~/context.server";
import { REVIEW_LIST_LIMITS, REVIEW_RATE_LIMIT, type ReviewInput } from "~/domain/reviews";
import type { ReviewRecord, UserRecord } from "~/store/types";
import { displayName } from "./auth/accounts.server";

// User reviews: the home page, the review dialog and page, the moderation
// tab and their /api twins all go through these.

/** A review as the public sees it (GET /api/reviews/users, the home page). */
export interface PublicReview {
  _id: string;
  name: string;
  /** The author's profile photo, null when they have none. */
  photo: string | null;
  rating: number;
  /** Plain text: render it as text, never as HTML. */
  comment: string;
  createdAt: string;
}

/** A review as the moderation list shows it. */
export interface ModerationReview extends PublicReview {
  isApproved: boolean;
}

function toPublicReview(review: ReviewRecord, photo: string | null): PublicReview {
  return {
    _id: review.id,
    name: review.name,
    photo,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
  };
}

/** The authors' current photos: one lookup per distinct author of a bounded list. */
async function photosOf(services: AppServices, reviews: ReviewRecord[]): Promise<Map<string, string | null>> {
  const authorIds = [...new Set(reviews.map((review) => review.userId))];
  const authors = await Promise.all(authorIds.map((id) => services.store.users.findById(id)));
  return new Map(authorIds.map((id, index) => [id, authors[index]?.photo ?? null]));
}

/**
 * How long the approved reviews are served from memory. The home page reads
 * them for every signed-in visitor (its render is never cached for them), and
 * with MongoDB that is a round trip plus one per author. A moderation, a
 * photo change or an erasure on this process forgets them at once; another
 * process sharing the store sees it within this time, as a visitor already
 * sees the home page from the render cache (10 s).
 */
export const APPROVED_REVIEWS_MEMORY_MS = 5_000;

interface RememberedReviews {
  reviews: Promise<readonly PublicReview[]>;
  expiresAt: number;
}

/** Per store: the tests open one per test, and each process has one. */
const rememberedApprovedReviews = new WeakMap<AppServices["store"], RememberedReviews>();

async function readApprovedReviews(services: AppServices): Promise<readonly PublicReview[]> {
  const reviews = await services.store.reviews.listApproved({ limit: REVIEW_LIST_LIMITS.approved });
  const photos = await photosOf(services, reviews);
  return Object.freeze(
    reviews.map((review) => Object.freeze(toPublicReview(review, photos.get(review.userId) ?? null))),
  );
}

/** The public reviews, newest first (the home page and GET /api/reviews/users). */
export function listApprovedReviews(services: AppServices, now = Date.now()): Promise<readonly PublicReview[]> {
  const remembered = rememberedApprovedReviews.get(services.store);
  if (remembered && remembered.expiresAt > now) return remembered.reviews;
  const reviews = readApprovedReviews(services);
  rememberedApprovedReviews.set(services.store, { reviews, expiresAt: now + APPROVED_REVIEWS_MEMORY_MS });
  // A failed read is not remembered: the next request asks the store again.
  reviews.catch(() => {
    if (rememberedApprovedReviews.get(services.store)?.reviews === reviews)
      rememberedApprovedReviews.delete(services.store);
  });
  return reviews;
}

/** After anything that changes what the public reviews show: the next read asks the store. */
export function forgetApprovedReviews(store: AppServices["store"]): void {
  rememberedApprovedReviews.delete(store);
}

export async function listReviewsForModeration(services: AppServices): Promise<ModerationReview[]> {
  const reviews = await services.store.reviews.listAll({ limit: REVIEW_LIST_LIMITS.moderation });
  const photos = await photosOf(services, reviews);
  return reviews.map((review) => ({
    ...toPublicReview(review, photos.get(review.userId) ?? null),
    isApproved: review.isApproved,
  }));
}

// Kept in the store, so every app process sharing a MongoDB shares one budget.
const REVIEW_LIMIT = {
  keyPrefix: "reviews",
  points: REVIEW_RATE_LIMIT.points,
  durationSeconds: REVIEW_RATE_LIMIT.windowSeconds,
};

export type SubmitReviewOutcome =
  | { ok: true; review: ModerationReview }
  | { ok: false; status: 429; code: "tooManyRequests"; retryAfterSeconds: number };

/**
 * Stores a validated review for moderation. The name is the author's, from
 * the account: never from the request. Only valid reviews count towards the
 * per-user limit.
 */
export async function submitReview(
  services: AppServices,
  author: UserRecord,
  input: ReviewInput,
): Promise<SubmitReviewOutcome> {
  const counted = await services.store.rateLimiter(REVIEW_LIMIT).consume(author.id);
  if (!counted.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
    return { ok: false, status: 429, code: "tooManyRequests", retryAfterSeconds };
  }
  const review = await services.store.reviews.create({
    userId: author.id,
    name: displayName(author),
    rating: input.rating,
    comment: input.comment,
  });
  return { ok: true, review: { ...toPublicReview(review, author.photo), isApproved: review.isApproved } };
}

export type ModerationOutcome<T> = { ok: true; value: T } | { ok: false; status: 404; code: "notFound" };

export async function approveReview(services: AppServices, id: string): Promise<ModerationOutcome<ModerationReview>> {
  const review = await services.store.reviews.approve(id);
  forgetApprovedReviews(services.store);
  if (!review) return { ok: false, status: 404, code: "notFound" };
  const photos = await photosOf(services, [review]);
  return { ok: true, value: { ...toPublicReview(review, photos.get(review.userId) ?? null), isApproved: true } };
}

export async function deleteReview(services: AppServices, id: string): Promise<ModerationOutcome<true>> {
  const deleted = await services.store.reviews.delete(id);
  forgetApprovedReviews(services.store);
  return deleted ? { ok: true, value: true } : { ok: false, status: 404, code: "notFound" };
}
