import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";

// Reads a multipart/form-data body (a file upload) with busboy. The HTTP
// server has already read the body within the route's limit; busboy parses
// it as it streams, keeps at most the one file asked for (stopping at its
// own size limit) and the few text fields named, and drops everything else.
//
// Every error of the body (cut off inside a part, a broken boundary, a
// stream that fails) ends here as `wellFormed: false`: busboy reports a cut
// off file on the file's own stream too, and an 'error' nobody listens to
// would take the whole process down.

export interface MultipartRead {
  /** The named text fields that were sent, each cut to maxFieldBytes. */
  fields: Record<string, string>;
  /** The file's bytes; null when none was sent (or an empty one). */
  file: Uint8Array | null;
  /** True when the file went past maxFileBytes: its bytes are not kept. */
  fileTooLarge: boolean;
  /** False when the body is not readable multipart (another content type, a cut-off body). */
  wellFormed: boolean;
}

export function isMultipart(request: Request): boolean {
  return isMultipartType(request.headers.get("Content-Type"));
}

export function isMultipartType(contentType: string | null | undefined): boolean {
  return /^multipart\/form-data\b/i.test(contentType ?? "");
}

interface MultipartLimits {
  fileField: string | null;
  maxFileBytes: number;
  fieldNames: readonly string[];
  maxFieldBytes?: number;
  /** How many parts are read at most (past it busboy skips them); a few more than the fields asked for by default. */
  maxParts?: number;
}

/**
 * Parses a multipart body from a byte stream. Never rejects and never leaves
 * an error unheard: a body that is not well-formed multipart resolves with
 * `wellFormed: false` and nothing of it trusted.
 */
export async function parseMultipart(
  source: Readable,
  contentType: string,
  options: MultipartLimits,
): Promise<MultipartRead> {
  const result: MultipartRead = { fields: {}, file: null, fileTooLarge: false, wellFormed: false };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        files: options.maxParts ?? 1,
        // One byte over the limit is enough to know it is too large.
        fileSize: options.maxFileBytes + 1,
        fields: options.maxParts ?? options.fieldNames.length + 4,
        fieldSize: options.maxFieldBytes ?? 2048,
        parts: options.maxParts ?? options.fieldNames.length + 6,
      },
    });
  } catch {
    // A multipart type without a boundary.
    source.resume();
    return result;
  }

  const chunks: Buffer[] = [];
  let size = 0;
  const fileReads: Promise<void>[] = [];
  parser.on("file", (name, stream) => {
    // Each file stream gets its error listener, kept or not: busboy
    // destroys it with "Unexpected end of form" when the body stops inside it.
    const read = new Promise<void>((resolve) => {
      stream.once("error", () => resolve());
      stream.once("close", () => resolve());
    });
    fileReads.push(read);
    if (name !== options.fileField || result.file !== null || size > 0) {
      stream.resume();
      return;
    }
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxFileBytes) {
        result.fileTooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    stream.on("limit", () => {
      result.fileTooLarge = true;
      chunks.length = 0;
    });
    stream.on("end", () => {
      if (!result.fileTooLarge && size > 0) result.file = new Uint8Array(Buffer.concat(chunks, size));
    });
  });
  parser.on("field", (name, value) => {
    if (options.fieldNames.includes(name) && !(name in result.fields)) result.fields[name] = value;
  });

  try {
    await pipeline(source, parser);
    await Promise.all(fileReads);
  } catch {
    // A body cut short or malformed: what was read is not trusted.
    return { fields: result.fields, file: null, fileTooLarge: result.fileTooLarge, wellFormed: false };
  }
  result.wellFormed = true;
  return result;
}

export async function readMultipart(
  request: Request,
  options: { fileField: string; maxFileBytes: number; fieldNames: readonly string[]; maxFieldBytes?: number },
): Promise<MultipartRead> {
  const contentType = request.headers.get("Content-Type");
  if (!request.body || !contentType || !isMultipart(request)) {
    return { fields: {}, file: null, fileTooLarge: false, wellFormed: false };
  }
  return parseMultipart(
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream),
    contentType,
    options,
  );
}

/**
 * Whether a whole body already in memory is well-formed multipart, read
 * without keeping any of it: the server checks this before a route runs, so
 * no route (nor the framework's own form parser) meets a broken upload.
 */
export async function isWellFormedMultipart(body: Buffer, contentType: string): Promise<boolean> {
  const read = await parseMultipart(Readable.from([body]), contentType, {
    fileField: null,
    maxFileBytes: 0,
    fieldNames: [],
    maxFieldBytes: 1,
    maxParts: Number.POSITIVE_INFINITY,
  });
  return read.wellFormed;
}
