import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

// Images for the photo tests, made on the spot: ordinary ones, and the
// hostile ones an upload must refuse or clean.

/** A landscape JPEG whose EXIF says "turn 90° clockwise", with a description and a GPS position. */
export async function jpegWithGpsAndRotation(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 100, channels: 3, background: "#c33" } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: "secret-place" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether EXIF data points to a GPS block (tag 0x8825, either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG carrying tEXt chunks (an author, a comment) after its header. */
export async function pngWithTextChunks(): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: "#36c" } })
    .png()
    .toBuffer();
  // Signature (8) + IHDR chunk (25): the text goes right after.
  const headerEnd = 8 + 25;
  return Buffer.concat([
    png.subarray(0, headerEnd),
    pngChunk("tEXt", Buffer.from("Author\u0000secret-author", "latin1")),
    pngChunk("tEXt", Buffer.from("Comment\u0000secret-comment", "latin1")),
    png.subarray(headerEnd),
  ]);
}

/** A few hundred bytes of PNG that claim 20,000 x 20,000 pixels: decoded, it would take gigabytes. */
export function decompressionBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(20_000))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real JPEG of noise, cut in half. */
export async function truncatedJpeg(): Promise<Buffer> {
  const noise = Buffer.alloc(200 * 200 * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251;
  const jpeg = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

export async function smallPng(colour = "#2a9"): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: colour } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame("#f00"), await frame("#00f")]);
  return sharp(frames, { raw: { width: 40, height: 80, channels: 3, pageHeight: 40 } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

export const TEXT_NAMED_JPG = Buffer.from("Ceci n'est pas une photo, juste du texte.\n");

/** A multipart/form-data request carrying one file (and optional text fields), as a browser sends it. */
export function multipartRequest(
  url: string,
  file: { field?: string; name: string; type: string; bytes: Uint8Array } | null,
  fields: Record<string, string> = {},
  init: { headers?: Record<string, string>; method?: string } = {},
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file)
    form.set(file.field ?? "photo", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return new Request(`http://localhost:3000${url}`, {
    method: init.method ?? "POST",
    body: form,
    headers: init.headers,
  });
}
