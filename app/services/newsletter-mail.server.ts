import { i18nFor } from "~/i18n/i18n.server";
import { fallbackLanguage, toSupportedLanguage } from "~/i18n/languages";
import { escapeHtml, mailLayout } from "~/services/mail/templates.server";
import type { NewOutboxMail, NewsletterRecord, NewsletterSubscriberRecord } from "~/store/types";
import { newsletterText, sanitizeNewsletterHtml } from "./newsletter-html.server";

// The newsletter's mails, in the site's mail layout and in the subscriber's
// language (locales/*/newsletter-mail.json).

function translator(locale: string) {
  const language = toSupportedLanguage(locale) ?? fallbackLanguage;
  return { language, t: i18nFor(language).getFixedT(language, "newsletter-mail") };
}

/** The page behind the link in every newsletter: one button ends the subscription. */
export function unsubscribePageUrl(appUrl: string, token: string): string {
  return `${appUrl}/newsletter/desinscription?token=${encodeURIComponent(token)}`;
}

/** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` here; a GET never unsubscribes. */
export function oneClickUnsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The double opt-in mail: its link confirms the subscription. */
export function renderConfirmationMail(options: { to: string; locale: string; link: string }): NewOutboxMail {
  const { language, t } = translator(options.locale);
  const subject = t("confirm.subject");
  const body = t("confirm.body");
  const button = t("confirm.button");
  const footer = t("confirm.footer");
  const signature = t("signature");
  const text = [body, "", t("linkLine", { label: button, link: options.link }), "", footer, "", signature].join("\n");
  const html = mailLayout({
    lang: language,
    maxWidth: 560,
    brand: "Dynami",
    card: `<p style="margin:0 0 24px;line-height:1.6">${escapeHtml(body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:999px">${escapeHtml(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4a5a56;word-break:break-all">${escapeHtml(options.link)}</p>
<p style="margin:16px 0 0;font-size:13px;color:#4a5a56">${escapeHtml(footer)}</p>`,
    after: escapeHtml(signature),
  });
  return { to: options.to, subject, text, html };
}

/**
 * One newsletter mail for one subscriber: the sanitized content, a footer
 * with the unsubscribe link, and the List-Unsubscribe headers. The dedupe key
 * makes queueing it again (a sender taking over) a no-op.
 */
export function renderNewsletterMail(options: {
  newsletter: Pick<NewsletterRecord, "id" | "subject" | "content">;
  subscriber: Pick<NewsletterSubscriberRecord, "id" | "email" | "locale">;
  /** The subscriber's signed token (unsubscribeTokenFor). */
  unsubscribeToken: string;
  appUrl: string;
}): NewOutboxMail {
  const { newsletter, subscriber, unsubscribeToken, appUrl } = options;
  const { language, t } = translator(subscriber.locale);
  const unsubscribeLink = unsubscribePageUrl(appUrl, unsubscribeToken);
  const why = t("newsletter.why");
  const unsubscribe = t("newsletter.unsubscribe");
  const content = sanitizeNewsletterHtml(newsletter.content);
  const text = [
    newsletterText(content),
    "",
    "—",
    why,
    t("linkLine", { label: unsubscribe, link: unsubscribeLink }),
  ].join("\n");
  const html = mailLayout({
    lang: language,
    maxWidth: 640,
    brand: "Dynami",
    card: content,
    after: `${escapeHtml(why)}<br><a href="${escapeHtml(unsubscribeLink)}" style="color:#0f766e">${escapeHtml(unsubscribe)}</a>`,
  });
  return {
    to: subscriber.email,
    subject: newsletter.subject,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${oneClickUnsubscribeUrl(appUrl, unsubscribeToken)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    dedupeKey: `newsletter:${newsletter.id}:${subscriber.id}`,
  };
}
