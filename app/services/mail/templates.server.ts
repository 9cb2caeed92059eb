import { i18nFor } from "~/i18n/i18n.server";
import { fallbackLanguage, toSupportedLanguage } from "~/i18n/languages";
import type { NewOutboxMail } from "~/store/types";
import { escapeHtml } from "~/lib/html-escape";

// Mail texts live in locales/*/mail.json, French first, in the user's language.

export type MailTemplate =
  | "verifyEmail"
  | "alreadyRegistered"
  | "resetPassword"
  | "passwordChanged"
  | "emailChangeConfirm"
  | "emailChangeNotice"
  | "emailInUse"
  | "accountDeleted"
  | "passwordReset"
  | "loggedOutEverywhere";

/** A paragraph some mails add after their body (`notes.<key>` in mail.json). */
export type MailNote = { key: "emailChangeCancelled"; values: { newEmail: string } };

export { escapeHtml };

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

/**
 * One line of plain text with the button's words and the link: "label : url"
 * in French, "label: url" elsewhere (the punctuation belongs to the language).
 */
export function linkLine(t: (key: string, options?: Record<string, unknown>) => string, button: string, link: string) {
  return t("linkLine", { button, link });
}

/** The mail's texts, read from `<template>.*` in mail.json; `values` fill their {{placeholders}} beside the name. */
export function renderMail(
  template: MailTemplate,
  options: {
    to: string;
    locale: string;
    /** The button's target; a mail without one (a farewell) has no button. */
    link?: string;
    name: string;
    values?: Record<string, string>;
    /** The account the mail is about (erasing the account removes it from the outbox). */
    userId?: string;
    /** Paragraphs after the body, each saying something that happened with it. */
    notes?: readonly MailNote[];
  },
): NewOutboxMail {
  const language = toSupportedLanguage(options.locale) ?? fallbackLanguage;
  const t = i18nFor(language).getFixedT(language, "mail");
  const params = { ...options.values, name: options.name };
  const subject = t(`${template}.subject`, params);
  const greeting = t("greeting", params);
  const paragraphs = [
    t(`${template}.body`, params),
    ...(options.notes ?? []).map((note) => t(`notes.${note.key}`, { ...note.values, name: options.name })),
  ];
  const footer = t(`${template}.footer`, params);
  const signature = t("signature");
  const link = options.link;
  const button = link ? t(`${template}.button`, params) : null;
  const text = [
    greeting,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(link && button ? [linkLine(t, button, link), ""] : []),
    footer,
    "",
    signature,
  ].join("\n");
  const buttonHtml =
    link && button
      ? `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:999px">${escapeHtml(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4a5a56;word-break:break-all">${escapeHtml(link)}</p>
`
      : "";
  const html = mailLayout({
    lang: language,
    maxWidth: 560,
    brand: "Dynami",
    card: `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 24px;line-height:1.6">${escapeHtml(paragraph)}</p>`).join("\n")}
${buttonHtml}<p style="margin:16px 0 0;font-size:13px;color:#4a5a56">${escapeHtml(footer)}</p>`,
    after: escapeHtml(signature),
  });
  return { to: options.to, subject, text, html, ...(options.userId ? { userId: options.userId } : {}) };
}
