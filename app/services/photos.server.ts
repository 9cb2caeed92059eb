import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import {
  checkPhotoUpload,
  PHOTO_MAX_PIXELS,
  PHOTO_MESSAGES,
  PHOTO_SIZE_PX,
  type PhotoFormat,
  type PhotoMessageCode,
  type PhotoRefusal,
  photoPath,
  photoRefusal,
} from "~/domain/photo";
import type { PhotoRecord, Store } from "~/store/types";
import { forgetApprovedReviews } from "./reviews.server";

// The profile photo: checked, decoded and re-encoded here, stored in the
// store (so any app process serves it), and linked from the user's `photo`.
// The dashboard's card, its API twin and the account page call these.

// Every upload is a new image: libvips' operation cache would only hold memory.
sharp.cache(false);

export type PhotoOutcome = { ok: true; photo: string | null; code: PhotoMessageCode; message: string } | PhotoRefusal;

class PhotoRejected extends Error {
  readonly refusal: PhotoRefusal;
  constructor(status: number, code: PhotoMessageCode) {
    super(PHOTO_MESSAGES[code]);
    this.refusal = photoRefusal(status, code);
  }
}

/** Decoding is the costly part: at most this many at once, the others wait in line a little. */
const ENCODINGS_AT_ONCE = 2;
const QUEUE_WAIT_MS = 10_000;
let running = 0;
const waiting: (() => void)[] = [];

async function withEncodingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ENCODINGS_AT_ONCE) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(grant), 1);
        reject(new PhotoRejected(503, "busy"));
      }, QUEUE_WAIT_MS);
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      waiting.push(grant);
    });
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line; otherwise it is freed.
    if (next) next();
    else running -= 1;
  }
}

export interface EncodedPhoto {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Decodes the file (its real type must be the one its bytes announce, its
 * size within PHOTO_MAX_PIXELS before any pixel is decoded), turns it upright
 * by its EXIF orientation, crops it to a centred square of PHOTO_SIZE_PX (a
 * smaller one is not enlarged) and re-encodes it to WebP, which keeps no
 * metadata (EXIF, GPS, XMP, PNG text) and, for an animated GIF, the first frame.
 */
export async function encodeProfilePhoto(bytes: Uint8Array, announced: PhotoFormat): Promise<EncodedPhoto> {
  const input = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "warning" as const, pages: 1 };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, input).metadata();
  } catch (error) {
    throw rejection(error);
  }
  if (metadata.format !== announced) throw new PhotoRejected(415, "unsupported");
  if (!metadata.width || !metadata.height) throw new PhotoRejected(400, "unreadable");
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw new PhotoRejected(400, "tooManyPixels");
  try {
    const { data, info } = await sharp(bytes, { ...input, autoOrient: true })
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: "cover", position: "centre", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    throw rejection(error);
  }
}

function rejection(error: unknown): PhotoRejected {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new PhotoRejected(400, "tooManyPixels");
  return new PhotoRejected(400, "unreadable");
}

function etagOf(data: Uint8Array): string {
  return `"${createHash("sha256").update(data).digest("base64url").slice(0, 27)}"`;
}

/**
 * Replaces the user's photo. Every check runs before anything is written:
 * a refused file stores nothing and leaves the previous photo in place.
 */
export async function uploadProfilePhoto(
  store: Store,
  userId: string,
  bytes: Uint8Array | null,
): Promise<PhotoOutcome> {
  const checked = checkPhotoUpload(bytes);
  if (!checked.ok) return checked;
  let encoded: EncodedPhoto;
  try {
    encoded = await withEncodingSlot(() => encodeProfilePhoto(bytes!, checked.format));
  } catch (error) {
    if (error instanceof PhotoRejected) return error.refusal;
    throw error;
  }
  const saved = await store.photos.put(userId, {
    contentType: "image/webp",
    data: encoded.data,
    width: encoded.width,
    height: encoded.height,
    etag: etagOf(encoded.data),
  });
  let photo = photoPath(userId, saved.version);
  await store.users.update(userId, { photo });
  // Two uploads at once: the account must point at the photo the store kept.
  const kept = await store.photos.findForUser(userId);
  if (kept && kept.version !== saved.version) {
    photo = photoPath(userId, kept.version);
    await store.users.update(userId, { photo });
  }
  // The public reviews show their authors' photos.
  forgetApprovedReviews(store);
  return { ok: true, photo, code: "updated", message: PHOTO_MESSAGES.updated };
}

/** Removes the user's photo; removing none is not an error (the outcome is the same). */
export async function deleteProfilePhoto(store: Store, userId: string): Promise<PhotoOutcome> {
  await store.photos.deleteForUser(userId);
  await store.users.update(userId, { photo: null });
  forgetApprovedReviews(store);
  return { ok: true, photo: null, code: "deleted", message: PHOTO_MESSAGES.deleted };
}

export type ServedPhoto = { kind: "photo"; photo: PhotoRecord } | { kind: "missing" };

/**
 * The photo at /photos/{userId}/{version}.webp: only under its own version.
 * Any other (an older photo's, a guess) is missing: its address is the
 * secret that lets a page show it, never handed to whoever knows the user.
 */
export async function findServedPhoto(store: Store, userId: string, version: string): Promise<ServedPhoto> {
  const photo = await store.photos.findForUser(userId);
  if (!photo || photo.version !== version) return { kind: "missing" };
  return { kind: "photo", photo };
}
