import { Binary, type Collection, ObjectId } from "mongodb";
import { normalizeNewPhoto } from "../normalize.ts";
import type { PhotoRecord, PhotosStore } from "../types.ts";
import { toObjectId } from "./mongo-values.ts";

/** One document per user, keyed by the user's id: a new photo replaces the old one in one write. */
export interface PhotoDocument {
  _id: ObjectId;
  version: ObjectId;
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
    version: document.version.toHexString(),
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
        version: new ObjectId(),
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
