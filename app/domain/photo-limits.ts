// The profile photo's limits and form field (account-and-dashboard, sections
// 5, 8 and 9), on their own: the pages' photo cards need these and none of
// the texts of app/domain/photo.ts, which re-exports them.

/** 5 MB: the file itself. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The upload's whole body: the file plus the multipart envelope and a few small fields. */
export const PHOTO_BODY_LIMIT_BYTES = PHOTO_MAX_BYTES + 64 * 1024;
/**
 * Decoded pixels at most (width x height), checked from the header before
 * decoding: a few kilobytes of PNG can claim billions of pixels (a
 * decompression bomb). 50 million covers the photos of today's phones.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** The stored photo: a square of this side, cropped to the centre. */
export const PHOTO_SIZE_PX = 512;
/** The multipart field of the upload. */
export const PHOTO_FIELD = "photo";
/** The success message stays this long (section 4). */
export const PHOTO_MESSAGE_MS = 3_000;

/** What the file picker offers (a hint only: the server decodes to know). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
