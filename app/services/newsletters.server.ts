import type { AppServices } from "~/context.server";
import { NEWSLETTER_LIST_LIMIT } from "~/domain/newsletter";
import type { NewsletterInput } from "~/domain/newsletter-schema";
import type { NewsletterChangeOutcome, NewsletterRecord } from "~/store/types";
import { hasVisibleContent, sanitizeNewsletterHtml } from "./newsletter-html.server";

// Writing newsletters (the admin's tab and screen, /api/newsletter-admin).
// The HTML is sanitized here before it is stored, and again whenever it is
// handed out for rendering.

export type NewsletterViewStatus = "draft" | "scheduled" | "sent" | "failed";

/** A newsletter as the admin pages and the API show it. */
export interface NewsletterView {
  _id: string;
  title: string;
  subject: string;
  /** Sanitized HTML. */
  content: string;
  scheduledDate: string;
  /** The spec's four states: one being sent still reads "scheduled", with sending true. */
  status: NewsletterViewStatus;
  sending: boolean;
  /** Neither editable nor deletable: sending or sent. */
  locked: boolean;
  sentAt: string | null;
  recipientCount: number | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toNewsletterView(newsletter: NewsletterRecord): NewsletterView {
  const sending = newsletter.status === "sending";
  return {
    _id: newsletter.id,
    title: newsletter.title,
    subject: newsletter.subject,
    content: sanitizeNewsletterHtml(newsletter.content),
    scheduledDate: newsletter.scheduledAt.toISOString(),
    status: newsletter.status === "sending" ? "scheduled" : newsletter.status,
    sending,
    locked: sending || newsletter.status === "sent",
    sentAt: newsletter.sentAt?.toISOString() ?? null,
    recipientCount: newsletter.recipientCount,
    failureReason: newsletter.failureReason,
    createdAt: newsletter.createdAt.toISOString(),
    updatedAt: newsletter.updatedAt.toISOString(),
  };
}

export async function listNewsletters(services: AppServices): Promise<NewsletterView[]> {
  return (await services.store.newsletters.list({ limit: NEWSLETTER_LIST_LIMIT })).map(toNewsletterView);
}

export async function getNewsletter(services: AppServices, id: string): Promise<NewsletterView | null> {
  const newsletter = await services.store.newsletters.findById(id);
  return newsletter ? toNewsletterView(newsletter) : null;
}

export type NewsletterFailure =
  | { ok: false; status: 400; code: "contentRequired" }
  | { ok: false; status: 404; code: "notFound" }
  | { ok: false; status: 409; code: "sentLocked" | "sendingLocked" };

export type NewsletterOutcome<T> = { ok: true; value: T } | NewsletterFailure;

/** The HTML that will be stored and sent; null when nothing visible is left once sanitized (a lone script). */
export function cleanNewsletterContent(content: string): string | null {
  const clean = sanitizeNewsletterHtml(content);
  return hasVisibleContent(clean) ? clean : null;
}

function draftOf(input: NewsletterInput, content: string) {
  return {
    title: input.title,
    subject: input.subject,
    content,
    scheduledAt: input.scheduledDate,
    status: input.status,
  };
}

function changeFailure(outcome: Exclude<NewsletterChangeOutcome<unknown>, { ok: true }>): NewsletterFailure {
  if (outcome.reason === "not-found") return { ok: false, status: 404, code: "notFound" };
  return { ok: false, status: 409, code: outcome.status === "sent" ? "sentLocked" : "sendingLocked" };
}

export async function createNewsletter(
  services: AppServices,
  input: NewsletterInput,
): Promise<NewsletterOutcome<NewsletterView>> {
  const content = cleanNewsletterContent(input.content);
  if (content === null) return { ok: false, status: 400, code: "contentRequired" };
  const created = await services.store.newsletters.create(draftOf(input, content));
  return { ok: true, value: toNewsletterView(created) };
}

/** Refused with 409 once the newsletter is sending or sent. Saving a failed one schedules it afresh. */
export async function updateNewsletter(
  services: AppServices,
  id: string,
  input: NewsletterInput,
): Promise<NewsletterOutcome<NewsletterView>> {
  const content = cleanNewsletterContent(input.content);
  if (content === null) return { ok: false, status: 400, code: "contentRequired" };
  const outcome = await services.store.newsletters.update(id, draftOf(input, content));
  return outcome.ok ? { ok: true, value: toNewsletterView(outcome.value) } : changeFailure(outcome);
}

export async function deleteNewsletter(services: AppServices, id: string): Promise<NewsletterOutcome<true>> {
  const outcome = await services.store.newsletters.delete(id);
  return outcome.ok ? { ok: true, value: true } : changeFailure(outcome);
}
