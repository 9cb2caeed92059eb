import { randomBytes } from "node:crypto";

/**
 * A photo's version: 128 random bits in hex, the secret part of its address
 * (/photos/{user}/{version}.webp). Unlike an ObjectId (a time and a counter)
 * it cannot be guessed from another, so a photo is seen only by those who
 * were given its address.
 */
export function newPhotoVersion(): string {
  return randomBytes(16).toString("hex");
}

/** Versions before random ones were ObjectIds (24 hex): such a photo gets a new address on upgrade. */
export const PHOTO_VERSION = /^[0-9a-f]{32}$/;
