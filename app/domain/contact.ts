// The contact form (spec public-pages §5, §8, §9): its rules, their exact
// French messages and its timings. Pure: the same schema runs in the browser
// (instant validation through conform), in the page action and in
// POST /api/contact, so the three can never disagree.

import { isChecked } from "./account";

/** Longest accepted value of each field, counted like the browser's maxlength (UTF-16 units). */
export const CONTACT_LIMITS = {
  nom: 100,
  email: 254,
  sujet: 150,
  message: 5000,
} as const;

/** The fields in the order the form shows them; zod reports issues in this order, so the API's first message is the first field that fails. */
export type ContactField = keyof typeof CONTACT_LIMITS | "consent";
export const CONTACT_FIELDS: readonly ContactField[] = ["nom", "email", "sujet", "message", "consent"];

/**
 * French texts. Those of the spec are exact; the length and rate-limit ones
 * are ours (the spec is silent). locales/fr/contact.json repeats them under
 * `errors` and a unit test keeps the two equal.
 */
export const CONTACT_MESSAGES = {
  nomRequired: "Ton nom est requis.",
  nomTooLong: "Ton nom est trop long (100 caractères maximum).",
  emailRequired: "Ton e-mail est requis.",
  emailInvalid: "Email invalide.",
  emailTooLong: "Ton e-mail est trop long (254 caractères maximum).",
  sujetRequired: "Un sujet est requis.",
  sujetTooLong: "Ton sujet est trop long (150 caractères maximum).",
  messageRequired: "Ton message est vide.",
  messageTooLong: "Ton message est trop long (5000 caractères maximum).",
  consentRequired: "Merci d'accepter la politique de confidentialité.",
  success: "Message envoyé ✔",
  failure: "Une erreur est survenue. Réessaie.",
  tooManyRequests: "Tu as déjà envoyé plusieurs messages. Réessaie dans quelques minutes.",
} as const;

export type ContactMessageKey = keyof typeof CONTACT_MESSAGES;
export type ContactMessages = Record<ContactMessageKey, string>;

/** Timings of the spec (§4, §9), in milliseconds. */
export const CONTACT_TIMINGS = {
  /** With JavaScript, the sending state lasts at least this long. */
  minimumSendingMs: 6000,
  /** The success message shows this long, then the form is idle again. */
  successDisplayMs: 2200,
} as const;

/** Submissions accepted per client address and window (the spec is silent: ours). */
export const CONTACT_RATE_LIMIT = { points: 5, windowSeconds: 10 * 60 } as const;

/**
 * something@domain.tld with no space and no second @. Each part excludes the
 * character that ends it, so matching is linear whatever the input.
 */
const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

// Control characters other than tab and newline (CR LF) have no place in a
// message and could upset a mail client.
const controlCharacters = /(?![\t\n\r])\p{Cc}/gu;

/** Anything that is not a string (a number, null, an operator object like {"$gt": ""}) counts as empty. */
function asText(value: unknown): string {
  return typeof value === "string" ? value.replace(controlCharacters, "") : "";
}

/** One line: the name and the subject end up in a mail header. */
const singleLine = (value: unknown) => asText(value).replace(/\s+/g, " ").trim();
const multiLine = (value: unknown) => asText(value).replace(/\r\n?/g, "\n").trim();

/** The checked values of a contact form. */
export interface ContactInput {
  nom: string;
  email: string;
  sujet: string;
  message: string;
  consent: true;
}

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type ContactValidation = { ok: true; value: ContactInput } | { ok: false; errors: ContactFieldErrors };

/** Blank -> required; then the length (before any pattern: a huge input is judged by its length alone). */
function checkText(text: string, max: number, messages: { required: string; tooLong: string }): string | null {
  if (text.length === 0) return messages.required;
  if (text.length > max) return messages.tooLong;
  return null;
}

function checkEmail(email: string, messages: ContactMessages): string | null {
  return (
    checkText(email, CONTACT_LIMITS.email, { required: messages.emailRequired, tooLong: messages.emailTooLong }) ??
    (emailPattern.test(email) ? null : messages.emailInvalid)
  );
}

/**
 * The contact form's rules, in the browser (instant validation), in the
 * page action and in POST /api/contact (contact-schema.ts wraps them in zod
 * for those two), so the three can never disagree. Each field gets one
 * message, the first rule it breaks. `messages` lets a page speak the
 * visitor's language; the default, French, is what the JSON API answers.
 * Unknown keys (the spec's captchaToken, always null) are dropped.
 */
export function validateContact(raw: unknown, messages: ContactMessages = CONTACT_MESSAGES): ContactValidation {
  const body = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const value = {
    nom: singleLine(body["nom"]),
    email: asText(body["email"]).trim(),
    sujet: singleLine(body["sujet"]),
    message: multiLine(body["message"]),
  };
  const errors: ContactFieldErrors = {};
  const nom = checkText(value.nom, CONTACT_LIMITS.nom, {
    required: messages.nomRequired,
    tooLong: messages.nomTooLong,
  });
  if (nom) errors.nom = nom;
  const email = checkEmail(value.email, messages);
  if (email) errors.email = email;
  const sujet = checkText(value.sujet, CONTACT_LIMITS.sujet, {
    required: messages.sujetRequired,
    tooLong: messages.sujetTooLong,
  });
  if (sujet) errors.sujet = sujet;
  const message = checkText(value.message, CONTACT_LIMITS.message, {
    required: messages.messageRequired,
    tooLong: messages.messageTooLong,
  });
  if (message) errors.message = message;
  if (!isChecked(body["consent"])) errors.consent = messages.consentRequired;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ...value, consent: true } };
}
