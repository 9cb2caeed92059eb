import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { createLoadContext } from "~/context.server";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from "~/domain/photo";
import { NOT_SIGNED_IN_MESSAGE, startSession } from "~/services/auth/session.server";
import {
  animatedGif,
  decompressionBombPng,
  exifHasGps,
  jpegWithGpsAndRotation,
  multipartRequest,
  pngWithTextChunks,
  smallPng,
  SVG_IMAGE,
  TEXT_NAMED_JPG,
  truncatedJpeg,
} from "~/testing/images";
import { callRoute, freshTestAppPerTest } from "~/testing/route-harness.server";
import * as photoRoute from "./upload.profile-photo.ts";
import * as servedPhoto from "../photos.$userId.$file.ts";
import * as meRoute from "./me.ts";

const app = freshTestAppPerTest();
let userId: string;
let token: string;

beforeEach(async () => {
  const user = await app.services.store.users.create({ pseudo: "lea", email: "lea@example.com", passwordHash: "x" });
  userId = user.id;
  token = (await startSession(app.context(), user.id, { remember: false })).token;
});

const bearer = () => ({ Authorization: `Bearer ${token}` });

function upload(
  bytes: Uint8Array,
  name = "photo.jpg",
  type = "image/jpeg",
  headers: Record<string, string> = bearer(),
) {
  return callRoute(
    photoRoute.action as never,
    multipartRequest("/api/upload/profile-photo", { name, type, bytes }, {}, { headers }),
    { context: app.context() },
  );
}

function deletePhoto(headers: Record<string, string> = bearer()) {
  return callRoute(
    photoRoute.action as never,
    new Request("http://localhost:3000/api/upload/profile-photo", { method: "DELETE", headers }),
    { context: app.context() },
  );
}

async function servedAt(path: string, headers: Record<string, string> = {}) {
  const [, , userPart, file] = path.split("/");
  return callRoute(servedPhoto.loader as never, new Request(`http://localhost:3000${path}`, { headers }), {
    context: app.context(),
    params: { userId: userPart!, file: file! },
  });
}

async function currentPhoto() {
  return (await app.services.store.users.findById(userId))?.photo ?? null;
}

describe("POST /api/upload/profile-photo", () => {
  it("stores a WebP square and answers {success, photo, message}", async () => {
    const response = await upload(await smallPng(), "vacances.png", "image/png");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; photo: string; message: string };
    expect(body).toEqual({
      success: true,
      photo: expect.stringMatching(new RegExp(`^/photos/${userId}/[0-9a-f]{32}\\.webp$`)),
      message: "Photo mise à jour avec succès",
      code: "updated",
    });
    expect(await currentPhoto()).toBe(body.photo);

    const served = await servedAt(body.photo);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const image = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 512, height: 512 });
  });

  it("turns a photo upright by its EXIF and keeps none of it: no GPS, no description", async () => {
    const original = await jpegWithGpsAndRotation();
    const before = await sharp(original).metadata();
    expect(exifHasGps(before.exif)).toBe(true);
    expect(original.includes("secret-place")).toBe(true);

    const { photo } = (await (await upload(original)).json()) as { photo: string };
    const image = Buffer.from(await (await servedAt(photo)).arrayBuffer());
    const after = await sharp(image).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(image.includes("secret-place")).toBe(false);
    // 300 x 100 turned a quarter: 100 x 300, too small to enlarge, so kept as it is.
    expect([after.width, after.height]).toEqual([100, 300]);
  });

  it("drops the text chunks of a PNG", async () => {
    const original = await pngWithTextChunks();
    expect(original.includes("secret-author")).toBe(true);
    const { photo } = (await (await upload(original, "a.png", "image/png")).json()) as { photo: string };
    const image = Buffer.from(await (await servedAt(photo)).arrayBuffer());
    expect(image.includes("secret-author")).toBe(false);
    expect(image.includes("secret-comment")).toBe(false);
    expect((await sharp(image).metadata()).format).toBe("webp");
  });

  it("keeps the first frame of an animated GIF", async () => {
    const { photo } = (await (await upload(await animatedGif(), "a.gif", "image/gif")).json()) as { photo: string };
    const image = Buffer.from(await (await servedAt(photo)).arrayBuffer());
    const metadata = await sharp(image).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    const { data } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    // The first frame is red.
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  describe("refuses hostile files with a clear message, storing nothing and keeping the old photo", () => {
    let oldPhoto: string;
    beforeEach(async () => {
      oldPhoto = ((await (await upload(await smallPng("#123"), "old.png", "image/png")).json()) as { photo: string })
        .photo;
    });

    async function expectRefused(response: Response, status: number, message: string) {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ success: false, message, code: expect.any(String) });
      expect(await currentPhoto()).toBe(oldPhoto);
      expect((await servedAt(oldPhoto)).status).toBe(200);
    }

    it("a 6 MB file", async () => {
      const big = new Uint8Array(6 * 1024 * 1024);
      big.set([0xff, 0xd8, 0xff]);
      await expectRefused(await upload(big), 413, "La photo ne doit pas dépasser 5 Mo.");
    });

    it("a file one byte over 5 MB", async () => {
      const over = new Uint8Array(PHOTO_MAX_BYTES + 1);
      over.set([0xff, 0xd8, 0xff]);
      await expectRefused(await upload(over), 413, PHOTO_MESSAGES.tooLarge);
    });

    it("a body the server stopped reading at its limit", async () => {
      const context = createLoadContext(app.services, {
        nonce: "",
        clientAddress: "127.0.0.1",
        refusedBodyLimit: photoRoute.handle.bodyLimitBytes,
        refusedBodyAnsweredByRoute: true,
      });
      const response = await callRoute(
        photoRoute.action as never,
        new Request("http://localhost:3000/api/upload/profile-photo", { method: "POST", headers: bearer() }),
        { context },
      );
      await expectRefused(response, 413, PHOTO_MESSAGES.tooLarge);
    });

    it("a text file named .jpg", async () => {
      await expectRefused(await upload(TEXT_NAMED_JPG, "photo.jpg", "image/jpeg"), 415, PHOTO_MESSAGES.unsupported);
    });

    it("an SVG, whatever it claims to be", async () => {
      await expectRefused(await upload(SVG_IMAGE, "photo.png", "image/png"), 415, PHOTO_MESSAGES.unsupported);
      await expectRefused(await upload(SVG_IMAGE, "photo.svg", "image/svg+xml"), 415, PHOTO_MESSAGES.unsupported);
    });

    it("a decompression bomb", async () => {
      const bomb = decompressionBombPng();
      expect(bomb.length).toBeLessThan(2_000);
      await expectRefused(await upload(bomb, "bomb.png", "image/png"), 400, PHOTO_MESSAGES.tooManyPixels);
    });

    it("a truncated file", async () => {
      await expectRefused(await upload(await truncatedJpeg()), 400, PHOTO_MESSAGES.unreadable);
    });

    it("a JPEG header on a PNG body", async () => {
      const png = await smallPng();
      const lying = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
      await expectRefused(await upload(lying), 400, PHOTO_MESSAGES.unreadable);
    });

    it("no file, or a body that is not multipart", async () => {
      const noFile = await callRoute(
        photoRoute.action as never,
        multipartRequest("/api/upload/profile-photo", null, { other: "x" }, { headers: bearer() }),
        { context: app.context() },
      );
      await expectRefused(noFile, 400, PHOTO_MESSAGES.missing);
      const json = await callRoute(
        photoRoute.action as never,
        new Request("http://localhost:3000/api/upload/profile-photo", {
          method: "POST",
          body: JSON.stringify({ photo: "data:image/png;base64,AAAA" }),
          headers: { ...bearer(), "Content-Type": "application/json" },
        }),
        { context: app.context() },
      );
      await expectRefused(json, 400, PHOTO_MESSAGES.missing);
    });
  });

  it("answers 401 without a session and stores nothing", async () => {
    const response = await upload(await smallPng(), "a.png", "image/png", {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: NOT_SIGNED_IN_MESSAGE });
    expect(await app.services.store.photos.findForUser(userId)).toBeNull();
  });
});

describe("DELETE /api/upload/profile-photo", () => {
  it("removes the photo and answers {success, message}", async () => {
    const { photo } = (await (await upload(await smallPng(), "a.png", "image/png")).json()) as { photo: string };
    const response = await deletePhoto();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Photo supprimée avec succès", code: "deleted" });
    expect(await currentPhoto()).toBeNull();
    expect((await servedAt(photo)).status).toBe(404);
    // Nothing left to remove: the same answer.
    expect(await (await deletePhoto()).json()).toEqual({
      success: true,
      message: "Photo supprimée avec succès",
      code: "deleted",
    });
  });

  it("answers 401 without a session", async () => {
    expect((await deletePhoto({})).status).toBe(401);
  });
});

describe("GET /api/me", () => {
  async function mePhoto(headers: Record<string, string> = bearer()) {
    const response = await callRoute(
      meRoute.loader as never,
      new Request("http://localhost:3000/api/me", { headers }),
      {
        context: app.context(),
      },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { photo: string | null }).photo;
  }

  it("gives the new photo's address after an upload, another after a new one, and null after the deletion", async () => {
    expect(await mePhoto()).toBeNull();
    const first = ((await (await upload(await smallPng("#111"), "a.png", "image/png")).json()) as { photo: string })
      .photo;
    expect(await mePhoto()).toBe(first);
    const second = ((await (await upload(await smallPng("#eee"), "b.png", "image/png")).json()) as { photo: string })
      .photo;
    expect(second).not.toBe(first);
    expect(await mePhoto()).toBe(second);
    // The same through the session cookie.
    const { setCookie } = await startSession(app.context(), userId, { remember: false });
    expect(await mePhoto({ Cookie: setCookie.split(";")[0]! })).toBe(second);

    expect((await deletePhoto()).status).toBe(200);
    expect(await mePhoto()).toBeNull();
  });
});

describe("GET /photos/{user}/{version}.webp", () => {
  it("answers 304 to its ETag, and 404 to any other address: an older version, a guess, another user", async () => {
    const first = ((await (await upload(await smallPng("#111"), "a.png", "image/png")).json()) as { photo: string })
      .photo;
    const second = ((await (await upload(await smallPng("#eee"), "b.png", "image/png")).json()) as { photo: string })
      .photo;
    expect(second).not.toBe(first);

    const served = await servedAt(second);
    const etag = served.headers.get("ETag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await servedAt(second, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    // The address of the photo before tells nothing of the current one.
    const old = await servedAt(first);
    expect(old.status).toBe(404);
    expect(old.headers.get("Location")).toBeNull();
    expect((await servedAt(`/photos/${userId}/${"0".repeat(32)}.webp`)).status).toBe(404);

    expect((await servedAt(`/photos/${userId}/not-a-version.webp`)).status).toBe(404);
    expect((await servedAt(`/photos/0123456789abcdef01234567/${second.split("/")[3]}`)).status).toBe(404);
    expect((await servedAt(`/photos/nope/${second.split("/")[3]}`)).status).toBe(404);
  });
});
