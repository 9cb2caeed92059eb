import type { NewsletterAdminMessageKey } from "~/domain/newsletter";
import type { REVIEW_ADMIN_MESSAGES } from "~/domain/reviews";

// Shapes the admin actions answer with. Messages travel as keys of the
// domain's French texts; the pages translate them (locales/*/admin.json).

export type ReviewAdminMessageKey = keyof typeof REVIEW_ADMIN_MESSAGES;

export type AdminNotice =
  | { scope: "reviews"; ok: boolean; messageKey: ReviewAdminMessageKey }
  | { scope: "newsletter"; ok: boolean; messageKey: NewsletterAdminMessageKey };

/** What /admin's action answers (approve or delete a review, delete a newsletter). */
export interface AdminActionData {
  notice: AdminNotice;
  /** Set when the session ended or is not an admin's: the page offers to log in again. */
  refused?: boolean;
}

export type NewsletterField = "title" | "subject" | "content" | "scheduledDate" | "status";
export type NewsletterFormValues = Record<NewsletterField, string>;

/** What the newsletter screen's action answers. */
export interface NewsletterActionData {
  intent: "save" | "preview";
  /** The form's values, handed back so nothing typed is lost (a refused or invalid save). */
  values?: NewsletterFormValues;
  fieldErrors?: Partial<Record<NewsletterField, NewsletterAdminMessageKey>>;
  notice?: AdminNotice;
  refused?: boolean;
  /** Set once saved: a new one's form starts empty again. */
  savedId?: string;
  /** intent "preview": the sanitized HTML. */
  preview?: string;
}
