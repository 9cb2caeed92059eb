// The community calls of the JSON API (reviews, newsletter, the admin's
// newsletters) and the profile photo: what they read that no other module
// describes, as zod (the routes validate with these), and their answers.

import { z } from "zod";
import { NEWSLETTER_STATUSES } from "../newsletter.ts";
import { NEWSLETTER_EMAIL_MAX_LENGTH } from "../newsletter-signup.ts";
import { PHOTO_MESSAGES } from "../photo.ts";
import { REVIEW_LIMITS } from "../reviews.ts";
import { documentedAs } from "./documented.ts";
import { isoDateTime } from "./answers.ts";

/**
 * POST /api/newsletter/subscribe: the address is read by the subscription
 * rule itself (anything but a valid address gets its one message).
 */
export const newsletterSubscribeBodySchema = z
  .object({
    email: documentedAs(z.unknown(), z.email().max(NEWSLETTER_EMAIL_MAX_LENGTH)),
    captchaToken: z.unknown().optional().meta({ description: "Ignored (the captcha is off); the spec sends null." }),
  })
  .meta({ id: "NewsletterSubscribeBody", examples: [{ email: "lea@example.com", captchaToken: null }] });

const unsubscribeToken = documentedAs(
  z.unknown().optional(),
  z.string().max(128).meta({ description: "The token of the newsletter's unsubscribe link." }),
);

/** POST /api/newsletter/unsubscribe?token=: mail clients post `List-Unsubscribe=One-Click` (RFC 8058). */
export const newsletterUnsubscribeQuerySchema = z.object({ token: unsubscribeToken });

/** JSON clients may send the token in the body instead; it wins over the query's. */
export const newsletterUnsubscribeBodySchema = z.object({ token: unsubscribeToken }).meta({
  id: "NewsletterUnsubscribeBody",
});

export const publicReviewSchema = z
  .object({
    _id: z.string(),
    name: z.string().meta({ description: "The author's display name, from their account." }),
    photo: z.string().nullable(),
    rating: z.int().min(REVIEW_LIMITS.ratingMin).max(REVIEW_LIMITS.ratingMax),
    comment: z.string().meta({ description: "Plain text: show it as text, never as HTML." }),
    createdAt: isoDateTime,
  })
  .meta({ id: "Review" });

export const moderationReviewSchema = publicReviewSchema.extend({ isApproved: z.boolean() }).meta({
  id: "ModerationReview",
});

export const reviewListAnswerSchema = z.object({ success: z.literal(true), reviews: z.array(publicReviewSchema) });

export const moderationListAnswerSchema = z.object({
  success: z.literal(true),
  reviews: z.array(moderationReviewSchema),
});

/** A review just sent: as moderation sees it (not approved yet). */
export const reviewAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: moderationReviewSchema,
});

export const approvedReviewAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: moderationReviewSchema,
});

export const newsletterViewSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    subject: z.string(),
    content: z.string().meta({ description: "Sanitized HTML." }),
    scheduledDate: isoDateTime,
    status: z
      .enum(NEWSLETTER_STATUSES.filter((status) => status !== "sending") as ["draft", "scheduled", "sent", "failed"])
      .meta({ description: "One being sent reads scheduled, with sending true." }),
    sending: z.boolean(),
    locked: z.boolean().meta({ description: "Sending or sent: neither editable nor deletable." }),
    sentAt: isoDateTime.nullable(),
    recipientCount: z.number().nullable(),
    failureReason: z.string().nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: "Newsletter" });

export const newsletterListAnswerSchema = z.object({
  success: z.literal(true),
  newsletters: z.array(newsletterViewSchema),
});

export const newsletterAnswerSchema = z.object({ success: z.literal(true), newsletter: newsletterViewSchema });

export const newsletterChangedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  newsletter: newsletterViewSchema,
});

const photoCode = z
  .enum(Object.keys(PHOTO_MESSAGES) as [keyof typeof PHOTO_MESSAGES, ...(keyof typeof PHOTO_MESSAGES)[]])
  .meta({ description: "The message's key, for a client that shows it in another language." });

/** POST /api/upload/profile-photo: multipart/form-data with one file field, `photo`. */
export const photoUploadBodySchema = z
  .object({ photo: z.string().meta({ contentMediaType: "image/*", description: "JPG, PNG, GIF or WEBP." }) })
  .meta({ id: "PhotoUpload" });

export const photoUploadedAnswerSchema = z.object({
  success: z.literal(true),
  photo: z.string().meta({ description: "The new photo's address: /photos/{user}/{version}.webp." }),
  message: z.string(),
  code: photoCode,
});

export const photoDeletedAnswerSchema = z.object({ success: z.literal(true), message: z.string(), code: photoCode });

export const photoRefusedAnswerSchema = z
  .object({ success: z.literal(false), message: z.string(), code: photoCode })
  .meta({ id: "PhotoRefusal" });
