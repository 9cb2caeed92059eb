// The newsletter form's schema (workouts-and-admin §5), shared by the admin
// screen (instant validation), its action and /api/newsletter-admin.

import { z } from "zod";
import {
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_FORM_STATUSES,
  NEWSLETTER_LIMITS,
  type NewsletterAdminMessages,
  parseScheduledDate,
} from "./newsletter";
import { withoutControlCharacters } from "./text";
import { documentedAs } from "./api/documented.ts";

const asText = (value: unknown) => (typeof value === "string" ? withoutControlCharacters(value) : "");
/** Title and subject are one line (the subject becomes a mail header). */
const singleLine = (value: unknown) => asText(value).replace(/\s+/g, " ").trim();

function requiredText(max: number, messages: { required: string; tooLong: string }, normalize = singleLine) {
  const read = z
    .unknown()
    .transform(normalize)
    .pipe(
      z.string().min(1, { error: messages.required, abort: true }).max(max, { error: messages.tooLong, abort: true }),
    );
  // Anything but a string reads as empty; the length counts once trimmed.
  return documentedAs(read, z.string().min(1).max(max));
}

/**
 * The newsletter form and the body of POST/PUT /api/newsletter-admin: every
 * field required, status draft or scheduled. The content is HTML; the
 * service sanitizes it before it is stored.
 */
export function createNewsletterSchema(messages: NewsletterAdminMessages = NEWSLETTER_ADMIN_MESSAGES) {
  return z
    .object(
      {
        title: requiredText(NEWSLETTER_LIMITS.title, {
          required: messages.titleRequired,
          tooLong: messages.titleTooLong,
        }),
        subject: requiredText(NEWSLETTER_LIMITS.subject, {
          required: messages.subjectRequired,
          tooLong: messages.subjectTooLong,
        }),
        content: requiredText(
          NEWSLETTER_LIMITS.content,
          { required: messages.contentRequired, tooLong: messages.contentTooLong },
          (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : ""),
        ),
        scheduledDate: documentedAs(
          z
            .unknown()
            .superRefine((value, context) => {
              if (typeof value !== "string" || value.trim() === "") {
                context.addIssue({ code: "custom", message: messages.dateRequired, abort: true });
              } else if (parseScheduledDate(value) === null) {
                context.addIssue({ code: "custom", message: messages.dateInvalid, abort: true });
              }
            })
            .transform((value) => parseScheduledDate(value) as Date),
          z.string().max(40).meta({
            description:
              "When to send: an ISO 8601 instant with its offset, or a wall time of Paris (2026-05-01T09:30).",
          }),
        ),
        status: z.enum(NEWSLETTER_FORM_STATUSES, { error: messages.statusInvalid }),
      },
      { error: messages.titleRequired },
    )
    .meta({
      id: "NewsletterBody",
      examples: [
        {
          title: "Nouveautés de mai",
          subject: "Les nouveautés de Dynami",
          content: "<p>Bonjour !</p>",
          scheduledDate: "2030-05-01T09:30:00+02:00",
          status: "scheduled",
        },
      ],
    });
}

export const newsletterSchema = createNewsletterSchema();

/**
 * The same rules, each issue saying its message by key (a
 * NewsletterAdminMessageKey): the admin screen's action answers keys and the
 * screen translates them.
 */
export const newsletterKeySchema = createNewsletterSchema(
  Object.fromEntries(Object.keys(NEWSLETTER_ADMIN_MESSAGES).map((key) => [key, key])) as NewsletterAdminMessages,
);
export type NewsletterInput = z.output<typeof newsletterSchema>;
