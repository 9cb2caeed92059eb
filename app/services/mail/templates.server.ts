import { i18nFor } from "~/i18n/i18n.server";
import { fallbackLanguage, toSupportedLanguage } from "~/i18n/languages";
import type { NewOutboxMail } from "~/store/types";

// Mail texts live in locales/*/mail.json, French first, in the user's language.

export type MailTemplate = "verifyEmail" | "alreadyRegistered" | "resetPassword";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/**
 * The outer HTML every mail of the site shares: the brand line, a white card
 * and a small closing line under it. `card` and `after` are HTML, already
 * escaped by the caller; `brand` is plain text.
 */
export function mailLayout(options: {
  lang: string;
  maxWidth: number;
  brand: string;
  card: string;
  after: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.lang)}"><body style="margin:0;background:#f6f8f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#14201d">
<div style="max-width:${options.maxWidth}px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;color:#0f766e;margin:0 0 24px">${escapeHtml(options.brand)}</p>
<div style="background:#ffffff;border-radius:16px;padding:24px;border:1px solid #d5dedb">
${options.card}
</div>
<p style="font-size:13px;color:#4a5a56;margin:24px 0 0">${options.after}</p>
</div></body></html>`;
}

export function renderMail(
  template: MailTemplate,
  options: { to: string; locale: string; link: string; name: string },
): NewOutboxMail {
  const language = toSupportedLanguage(options.locale) ?? fallbackLanguage;
  const t = i18nFor(language).getFixedT(language, "mail");
  const params = { name: options.name };
  const subject = t(`${template}.subject`, params);
  const greeting = t("greeting", params);
  const body = t(`${template}.body`, params);
  const button = t(`${template}.button`, params);
  const footer = t(`${template}.footer`, params);
  const signature = t("signature");
  const text = [greeting, "", body, "", `${button} : ${options.link}`, "", footer, "", signature].join("\n");
  const html = mailLayout({
    lang: language,
    maxWidth: 560,
    brand: "Dynami",
    card: `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;line-height:1.6">${escapeHtml(body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(options.link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:999px">${escapeHtml(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4a5a56;word-break:break-all">${escapeHtml(options.link)}</p>
<p style="margin:16px 0 0;font-size:13px;color:#4a5a56">${escapeHtml(footer)}</p>`,
    after: escapeHtml(signature),
  });
  return { to: options.to, subject, text, html };
}
