// The rules of "My account" (/mon-compte and /api/me/...): changing the
// password or the e-mail address, the newsletter, logging out everywhere,
// the data export and deleting the account. Pure: shared by the page's
// instant validation, its action and the JSON API. No zod here: the browser
// runs these functions as they are.

import { PHOTO_MESSAGES, type PhotoMessageCode } from "./photo.ts";
import {
  EMAIL_MAX_LENGTH,
  isChecked,
  isLooseEmail,
  normalizeEmailInput,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./account.ts";

/**
 * The French texts (the source; locales/<lng>/my-account.json holds them as
 * `messages.<key>` in every language). `{{name}}` placeholders are filled by
 * the translation, or by fillMessage.
 */
export const MY_ACCOUNT_MESSAGES = {
  currentPasswordRequired: "Mot de passe actuel requis.",
  passwordRequired: "Mot de passe requis.",
  newPasswordRequired: "Nouveau mot de passe requis.",
  passwordTooShort: "8 caractères minimum.",
  passwordTooLong: `${PASSWORD_MAX_LENGTH} caractères maximum.`,
  passwordsDiffer: "Les mots de passe ne correspondent pas.",
  wrongPassword: "Mot de passe incorrect.",
  passwordChanged: "Mot de passe modifié. Tes autres appareils ont été déconnectés.",
  emailRequired: "Email requis.",
  emailInvalid: "Email invalide.",
  emailUnchanged: "C'est déjà l'adresse e-mail de ton compte.",
  emailChangeSent: "Un lien de confirmation a été envoyé à {{email}}. Ton adresse change dès que tu ouvres ce lien.",
  emailChangeCancelled: "Changement d'adresse annulé.",
  emailChanged: "Adresse e-mail modifiée : c'est désormais {{email}}.",
  emailChangeLinkInvalid: "Lien invalide ou expiré.",
  emailTaken: "Cette adresse e-mail est déjà utilisée par un autre compte.",
  newsletterSubscribed: "Tu es inscrit à la newsletter.",
  newsletterUnsubscribed: "Tu es désinscrit de la newsletter.",
  loggedOutEverywhere: "Tu es déconnecté de tous tes appareils.",
  deleteConfirmationRequired: "Coche la case pour confirmer la suppression.",
  accountDeleted: "Ton compte et toutes tes données ont été supprimés.",
  exportFormatUnknown: "Format d'export inconnu : json, history-csv ou workouts-csv.",
  tooManyAttempts: "Trop de tentatives. Réessaie dans {{count}} minutes.",
  busy: "Trop de demandes en même temps. Réessaie dans quelques secondes.",
  notSignedIn: "Non connecté. Connecte-toi d'abord.",
  invalidRequest: "Requête invalide.",
  // The photo card's texts (the dashboard's photo service answers them in French).
  photoUpdated: PHOTO_MESSAGES.updated,
  photoDeleted: PHOTO_MESSAGES.deleted,
  photoTooLarge: PHOTO_MESSAGES.tooLarge,
  photoUploadFailed: PHOTO_MESSAGES.uploadFailed,
  photoUploadPhotoFailed: PHOTO_MESSAGES.uploadPhotoFailed,
  photoDeleteFailed: PHOTO_MESSAGES.deleteFailed,
  photoDeletePhotoFailed: PHOTO_MESSAGES.deletePhotoFailed,
  photoConfirmDelete: "Voulez-vous vraiment supprimer votre photo de profil ?",
  photoMissing: PHOTO_MESSAGES.missing,
  photoUnsupported: PHOTO_MESSAGES.unsupported,
  photoUnreadable: PHOTO_MESSAGES.unreadable,
  photoTooManyPixels: PHOTO_MESSAGES.tooManyPixels,
  photoBusy: PHOTO_MESSAGES.busy,
} as const;

export type MyAccountMessageKey = keyof typeof MY_ACCOUNT_MESSAGES;

/** A message as the services hand it over: a key of MY_ACCOUNT_MESSAGES and the values of its placeholders. */
export interface MyAccountMessage {
  key: MyAccountMessageKey;
  values?: Record<string, string | number>;
}

/** The page's key for each code the photo service answers (its outcomes and the API's `code`). */
const PHOTO_MESSAGE_KEYS = {
  updated: "photoUpdated",
  deleted: "photoDeleted",
  tooLarge: "photoTooLarge",
  uploadFailed: "photoUploadFailed",
  uploadPhotoFailed: "photoUploadPhotoFailed",
  deleteFailed: "photoDeleteFailed",
  deletePhotoFailed: "photoDeletePhotoFailed",
  missing: "photoMissing",
  unsupported: "photoUnsupported",
  unreadable: "photoUnreadable",
  tooManyPixels: "photoTooManyPixels",
  busy: "photoBusy",
} as const satisfies Record<PhotoMessageCode, MyAccountMessageKey>;

/** The page's key of a photo outcome's code, or null for anything else a server may send. */
export function photoMessageKey(code: unknown): MyAccountMessageKey | null {
  return typeof code === "string" && Object.hasOwn(PHOTO_MESSAGE_KEYS, code)
    ? PHOTO_MESSAGE_KEYS[code as PhotoMessageCode]
    : null;
}

/** The French text of a message, placeholders filled (what the translation gives when a key is missing). */
export function fillMessage({ key, values = {} }: MyAccountMessage): string {
  return MY_ACCOUNT_MESSAGES[key].replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** The newsletter as the page shows it for the account's address. */
export type NewsletterState = "subscribed" | "pending" | "none";

/** The forms and JSON bodies of My account are small (passwords, an address): refused past this while they stream (413). */
export const MY_ACCOUNT_BODY_LIMIT_BYTES = 8 * 1024;

/** How long the link sent to a new address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

/**
 * Wrong passwords on the account's own forms (password, e-mail, deletion),
 * counted per account: a stolen session cannot be used to guess the
 * password. 5 in 15 minutes, then refused until the window ends.
 */
export const PASSWORD_CHECK_LIMITS = { failuresPerAccount: 5, windowSeconds: 15 * 60 } as const;

/** Data exports per account: 10 in 15 minutes (an export reads everything the account holds). */
export const EXPORT_LIMITS = { perAccount: 10, windowSeconds: 15 * 60 } as const;

/** What the spreadsheet files hold; the JSON file holds everything. */
export const EXPORT_FORMATS = ["json", "history-csv", "workouts-csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function parseExportFormat(value: unknown): ExportFormat | null {
  if (value === null || value === undefined || value === "") return "json";
  return (EXPORT_FORMATS as readonly unknown[]).includes(value) ? (value as ExportFormat) : null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A password read from a form or JSON: anything but a string is no password. */
export function passwordInput(value: unknown): string {
  // A password never needs more than this; a longer value is refused by the length rule, never hashed.
  return text(value).slice(0, PASSWORD_MAX_LENGTH * 4);
}

/**
 * The sign-up rules of a new password (DECISIONS: 8 to 128 characters,
 * surrounding spaces not counted but kept as typed).
 */
export function newPasswordProblem(password: string): MyAccountMessageKey | null {
  if (password === "") return "newPasswordRequired";
  const counted = password.trim().length;
  if (counted < PASSWORD_MIN_LENGTH) return "passwordTooShort";
  if (counted > PASSWORD_MAX_LENGTH || password.length > PASSWORD_MAX_LENGTH * 2) return "passwordTooLong";
  return null;
}

export type PasswordChangeField = "currentPassword" | "newPassword" | "confirmation";

export interface PasswordChangeInput {
  currentPassword?: unknown;
  newPassword?: unknown;
  /** Asked by the page's form; the API leaves it out. */
  confirmation?: unknown;
}

/** The first problem of a password change, field by field (current, new, confirmation); null when it may be tried. */
export function passwordChangeProblem(
  input: PasswordChangeInput,
): { field: PasswordChangeField; key: MyAccountMessageKey } | null {
  const current = passwordInput(input.currentPassword);
  if (current === "") return { field: "currentPassword", key: "currentPasswordRequired" };
  const next = passwordInput(input.newPassword);
  const problem = newPasswordProblem(next);
  if (problem) return { field: "newPassword", key: problem };
  if (input.confirmation !== undefined && passwordInput(input.confirmation) !== next) {
    return { field: "confirmation", key: "passwordsDiffer" };
  }
  return null;
}

export type EmailChangeField = "email" | "password";

/** The first problem of an e-mail change request (address, then password); the normalized address otherwise. */
export function emailChangeProblem(
  input: { email?: unknown; password?: unknown },
  currentEmail: string,
): { ok: false; field: EmailChangeField; key: MyAccountMessageKey } | { ok: true; email: string } {
  const email = normalizeEmailInput(input.email);
  if (email === "") return { ok: false, field: "email", key: "emailRequired" };
  if (!isLooseEmail(email) || email.length > EMAIL_MAX_LENGTH)
    return { ok: false, field: "email", key: "emailInvalid" };
  if (email === currentEmail) return { ok: false, field: "email", key: "emailUnchanged" };
  if (passwordInput(input.password) === "") return { ok: false, field: "password", key: "passwordRequired" };
  return { ok: true, email };
}

export type DeletionField = "password" | "confirm";

/**
 * Deleting the account asks for the password and, on the page, a ticked
 * confirmation box (the API's DELETE is itself the confirmation).
 */
export function deletionProblem(
  input: { password?: unknown; confirm?: unknown },
  options: { confirmationAsked: boolean },
): { field: DeletionField; key: MyAccountMessageKey } | null {
  if (passwordInput(input.password) === "") return { field: "password", key: "passwordRequired" };
  if (options.confirmationAsked && !isChecked(input.confirm)) {
    return { field: "confirm", key: "deleteConfirmationRequired" };
  }
  return null;
}
