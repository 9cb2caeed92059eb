import { describe, expect, it } from "vitest";
import { checkPhotoUpload, PHOTO_MAX_BYTES, PHOTO_MESSAGES, photoPath, sniffPhotoFormat } from "./photo.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe("photo format from the first bytes", () => {
  it.each([
    ["jpeg", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ["png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0)],
    ["gif", ascii("GIF89a....")],
    ["gif", ascii("GIF87a....")],
    ["webp", ascii("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ")],
  ])("recognises %s", (format, data) => {
    expect(sniffPhotoFormat(data)).toBe(format);
  });

  it.each([
    ["an SVG", ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["text", ascii("bonjour, je suis une photo")],
    ["a RIFF that is not WebP", ascii("RIFF\u0000\u0000\u0000\u0000WAVEfmt ")],
    ["GIF with a bad version", ascii("GIF90a")],
    ["too short", bytes(0xff, 0xd8)],
    ["nothing", bytes()],
  ])("refuses %s", (_case, data) => {
    expect(sniffPhotoFormat(data)).toBeNull();
  });
});

describe("checks before decoding", () => {
  it("asks for a photo when none was sent", () => {
    expect(checkPhotoUpload(null)).toEqual({
      ok: false,
      code: "missing",
      message: PHOTO_MESSAGES.missing,
      status: 400,
    });
    expect(checkPhotoUpload(bytes())).toMatchObject({ ok: false, message: PHOTO_MESSAGES.missing });
  });

  it("refuses more than 5 MB with the spec's message, and takes exactly 5 MB", () => {
    const over = new Uint8Array(PHOTO_MAX_BYTES + 1);
    over.set([0xff, 0xd8, 0xff]);
    expect(checkPhotoUpload(over)).toEqual({
      ok: false,
      code: "tooLarge",
      message: "La photo ne doit pas dépasser 5 Mo.",
      status: 413,
    });
    const exactly = new Uint8Array(PHOTO_MAX_BYTES);
    exactly.set([0xff, 0xd8, 0xff]);
    expect(checkPhotoUpload(exactly)).toEqual({ ok: true, format: "jpeg" });
  });

  it("refuses a format it does not take", () => {
    expect(checkPhotoUpload(ascii("<svg/>"))).toEqual({
      ok: false,
      code: "unsupported",
      message: PHOTO_MESSAGES.unsupported,
      status: 415,
    });
  });

  it("serves each version of a photo at its own address", () => {
    expect(photoPath("65f000000000000000000001", "65f0000000000000000000aa")).toBe(
      "/photos/65f000000000000000000001/65f0000000000000000000aa.webp",
    );
  });
});

describe("photo format signatures, byte for byte", () => {
  it("recognises a file exactly as long as its signature", () => {
    expect(sniffPhotoFormat(bytes(0xff, 0xd8, 0xff))).toBe("jpeg");
    expect(sniffPhotoFormat(ascii("GIF89a"))).toBe("gif");
  });

  it("needs every part of the GIF and WebP signatures", () => {
    expect(sniffPhotoFormat(ascii("GIF8xx...."))).toBeNull();
    expect(sniffPhotoFormat(ascii("JIF89a...."))).toBeNull();
    expect(sniffPhotoFormat(ascii("PNG87a...."))).toBeNull();
    expect(sniffPhotoFormat(ascii("RIFX\u0000\u0000\u0000\u0000WEBPVP8 "))).toBeNull();
  });
});
