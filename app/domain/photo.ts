// The profile photo's rules (account-and-dashboard, sections 5, 8 and 9):
// at most 5 MB, JPG, PNG, GIF or WEBP (DECISIONS.md: every photo is
// re-encoded to WebP, an animated GIF keeps its first frame), and the texts
// of the photo card. No I/O: the service decodes with sharp.

import { PHOTO_MAX_BYTES } from "./photo-limits";

export {
  PHOTO_ACCEPT,
  PHOTO_BODY_LIMIT_BYTES,
  PHOTO_FIELD,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MESSAGE_MS,
  PHOTO_SIZE_PX,
} from "./photo-limits";

export const ACCEPTED_PHOTO_FORMATS = ["jpeg", "png", "gif", "webp"] as const;
export type PhotoFormat = (typeof ACCEPTED_PHOTO_FORMATS)[number];
export const PHOTO_MESSAGES = {
  updated: "Photo mise à jour avec succès",
  deleted: "Photo supprimée avec succès",
  tooLarge: "La photo ne doit pas dépasser 5 Mo.",
  /** The answer had no message of its own. */
  uploadFailed: "Erreur lors de l'envoi",
  /** The request itself failed (network). */
  uploadPhotoFailed: "Erreur lors de l'envoi de la photo",
  deleteFailed: "Erreur lors de la suppression",
  deletePhotoFailed: "Erreur lors de la suppression de la photo",
  missing: "Choisis une photo (JPG, PNG, GIF ou WEBP).",
  unsupported: "Format non accepté : choisis une photo JPG, PNG, GIF ou WEBP.",
  unreadable: "Cette image est illisible ou incomplète : choisis-en une autre.",
  tooManyPixels: "Cette image a trop de pixels (50 millions au plus) : choisis-en une plus petite.",
  busy: "Trop de photos en cours de traitement : réessaie dans un instant.",
} as const;

/**
 * The format the file's first bytes announce, or null: JPEG (FF D8 FF), PNG
 * (its 8-byte signature), GIF (GIF87a / GIF89a), WebP (RIFF....WEBP). Only a
 * first gate: the service then decodes the file, which must agree.
 */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const starts = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (starts([0x37, 0x61], 4) || starts([0x39, 0x61], 4))) return "gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** A photo outcome's key: pages translate it (dashboard:photo.messages.<code>), the API sends its French text. */
export type PhotoMessageCode = keyof typeof PHOTO_MESSAGES;

export interface PhotoRefusal {
  ok: false;
  status: number;
  code: PhotoMessageCode;
  message: string;
}

export function photoRefusal(status: number, code: PhotoMessageCode): PhotoRefusal {
  return { ok: false, status, code, message: PHOTO_MESSAGES[code] };
}

/** The checks that need no decoding, in order: something sent, not over 5 MB, an accepted format. */
export function checkPhotoUpload(bytes: Uint8Array | null): { ok: true; format: PhotoFormat } | PhotoRefusal {
  if (bytes === null || bytes.byteLength === 0) return photoRefusal(400, "missing");
  if (bytes.byteLength > PHOTO_MAX_BYTES) return photoRefusal(413, "tooLarge");
  const format = sniffPhotoFormat(bytes);
  if (format === null) return photoRefusal(415, "unsupported");
  return { ok: true, format };
}

/** Where a stored photo is served: the version changes with every photo, so the address can be cached for good. */
export function photoPath(userId: string, version: string): string {
  return `/photos/${userId}/${version}.webp`;
}
