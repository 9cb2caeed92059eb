import { Binary, type Collection, ObjectId } from "mongodb";
import { normalizeNewPhoto } from "../normalize.ts";
import { newPhotoVersion } from "../photo-version.ts";
import type { PhotoRecord, PhotosStore } from "../types.ts";
import { toObjectId } from "./mongo-values.ts";
import type { UserDocument } from "./users.ts";

/** One document per user, keyed by the user's id: a new photo replaces the old one in one write. */
export interface PhotoDocument {
  _id: ObjectId;
  /** Random hex (photo-version.ts); an ObjectId in documents of earlier versions, until upgradePhotoVersions runs. */
  version: string | ObjectId;
  contentType: string;
  data: Binary;
  width: number;
  height: number;
  etag: string;
  createdAt: Date;
}

function toPhotoRecord(document: PhotoDocument): PhotoRecord {
  return {
    userId: document._id.toHexString(),
    version: typeof document.version === "string" ? document.version : document.version.toHexString(),
    contentType: document.contentType,
    data: new Uint8Array(document.data.buffer),
    width: document.width,
    height: document.height,
    etag: document.etag,
    createdAt: document.createdAt,
  };
}

export function createMongoPhotos(photos: Collection<PhotoDocument>): PhotosStore {
  return {
    async put(userId, photo) {
      const _id = toObjectId(userId);
      if (_id === null) throw new TypeError("userId must be a 24-hex id");
      const checked = normalizeNewPhoto(photo);
      const document: PhotoDocument = {
        _id,
        version: newPhotoVersion(),
        contentType: checked.contentType,
        data: new Binary(checked.data),
        width: checked.width,
        height: checked.height,
        etag: checked.etag,
        createdAt: new Date(),
      };
      await photos.replaceOne({ _id }, document, { upsert: true });
      return toPhotoRecord(document);
    },

    async findForUser(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return null;
      const document = await photos.findOne({ _id });
      return document ? toPhotoRecord(document) : null;
    },

    async deleteForUser(userId) {
      const _id = toObjectId(userId);
      if (_id === null) return false;
      return (await photos.deleteOne({ _id })).deletedCount === 1;
    },
  };
}

/**
 * Photos stored under an ObjectId version (a guessable address) get a random
 * one, and their user's `photo` follows. Idempotent; runs at start.
 */
export async function upgradePhotoVersions(
  photos: Collection<PhotoDocument>,
  users: Collection<UserDocument>,
): Promise<number> {
  let upgraded = 0;
  for await (const document of photos.find(
    { version: { $type: "objectId" } },
    { projection: { _id: 1, version: 1 } },
  )) {
    const version = newPhotoVersion();
    const result = await photos.updateOne({ _id: document._id, version: document.version }, { $set: { version } });
    if (result.modifiedCount === 0) continue;
    await users.updateOne(
      { _id: document._id, photo: { $ne: null } },
      { $set: { photo: `/photos/${document._id.toHexString()}/${version}.webp` } },
    );
    upgraded += 1;
  }
  return upgraded;
}
