import type { AppServices } from "~/context.server";
import { CONTACT_RATE_LIMIT, type ContactInput } from "~/domain/contact";
import { escapeHtml, mailLayout } from "~/services/mail/templates.server";
import type { NewOutboxMail } from "~/store/types";

// The contact use case, shared by the /contact page action and POST
// /api/contact: both validate with the domain schema first, then call this.

export type ContactOutcome =
  { status: "sent" } | { status: "rate-limited"; retryAfterSeconds: number } | { status: "failed" };

export interface ContactRequest {
  clientAddress: string;
  /** The visitor's interface language, kept with the message so the reply can be in it. */
  locale: string;
}

// Kept in the store, so every app process sharing a MongoDB shares one budget.
const CONTACT_LIMIT = {
  keyPrefix: "contact",
  points: CONTACT_RATE_LIMIT.points,
  durationSeconds: CONTACT_RATE_LIMIT.windowSeconds,
};

/**
 * Stores a validated message and queues a mail to the site's inbox.
 * Only valid submissions count towards the limit, so someone fixing a typo
 * without JavaScript is never locked out; the limit guards the inbox.
 */
export async function sendContactMessage(
  services: AppServices,
  input: ContactInput,
  request: ContactRequest,
): Promise<ContactOutcome> {
  const counted = await services.store.rateLimiter(CONTACT_LIMIT).consume(request.clientAddress);
  if (!counted.allowed) {
    return { status: "rate-limited", retryAfterSeconds: Math.max(1, Math.ceil(counted.msBeforeNext / 1000)) };
  }
  try {
    const stored = await services.store.contactMessages.add({
      nom: input.nom,
      email: input.email,
      sujet: input.sujet,
      message: input.message,
      locale: request.locale,
    });
    await services.mailer.queue(
      inboxMail(services.config.contactTo, { ...input, locale: request.locale, receivedAt: stored.createdAt }),
    );
    return { status: "sent" };
  } catch (error) {
    // The visitor gets "try again"; the details belong in the server log.
    console.error("Contact message not saved:", error);
    return { status: "failed" };
  }
}

interface InboxMailContent extends ContactInput {
  locale: string;
  receivedAt: Date;
}

const receivedAtFormat = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

/**
 * The mail the team reads. The outbox has no Reply-To header, so who wrote
 * and where to answer are the first lines of the body. In French: it goes to
 * the team, whatever the visitor's language.
 */
export function inboxMail(to: string, content: InboxMailContent): NewOutboxMail {
  const receivedAt = receivedAtFormat.format(content.receivedAt);
  const subject = `[Dynami] Contact : ${content.sujet}`;
  const text = [
    "Nouveau message reçu par le formulaire de contact.",
    "",
    `De : ${content.nom} <${content.email}>`,
    `Répondre à : ${content.email}`,
    `Sujet : ${content.sujet}`,
    `Langue : ${content.locale}`,
    `Reçu le : ${receivedAt}`,
    "",
    "Message :",
    content.message,
  ].join("\n");
  const row = (label: string, value: string) =>
    `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#4a5a56;font-weight:600;vertical-align:top">${label}</th><td style="padding:4px 0">${value}</td></tr>`;
  const email = escapeHtml(content.email);
  const html = mailLayout({
    lang: "fr",
    maxWidth: 640,
    brand: "Dynami · Contact",
    card: `<table style="border-collapse:collapse;margin:0 0 16px">
${row("De", `${escapeHtml(content.nom)} &lt;<a href="mailto:${email}">${email}</a>&gt;`)}
${row("Sujet", escapeHtml(content.sujet))}
${row("Langue", escapeHtml(content.locale))}
${row("Reçu le", escapeHtml(receivedAt))}
</table>
<p style="margin:0;line-height:1.6;white-space:pre-wrap">${escapeHtml(content.message)}</p>`,
    after: `Pour répondre, écris à <a href="mailto:${email}">${email}</a>.`,
  });
  return { to, subject, text, html };
}
