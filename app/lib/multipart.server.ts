import { Readable } from "node:stream";
import busboy from "busboy";

// Reads a multipart/form-data body (a file upload) with busboy. The HTTP
// server has already read the body within the route's limit; busboy parses
// it as it streams, keeps at most the one file asked for (stopping at its
// own size limit) and the few text fields named, and drops everything else.

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
  return /^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "");
}

export async function readMultipart(
  request: Request,
  options: { fileField: string; maxFileBytes: number; fieldNames: readonly string[]; maxFieldBytes?: number },
): Promise<MultipartRead> {
  const result: MultipartRead = { fields: {}, file: null, fileTooLarge: false, wellFormed: false };
  const contentType = request.headers.get("Content-Type");
  if (!request.body || !contentType || !isMultipart(request)) return result;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        files: 1,
        // One byte over the limit is enough to know it is too large.
        fileSize: options.maxFileBytes + 1,
        fields: options.fieldNames.length + 4,
        fieldSize: options.maxFieldBytes ?? 2048,
        parts: options.fieldNames.length + 6,
      },
    });
  } catch {
    // A multipart type without a boundary.
    return result;
  }

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    parser.on("file", (name, stream) => {
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
    parser.on("close", () => {
      result.wellFormed = true;
      resolve(result);
    });
    parser.on("error", () => {
      // A body cut short or malformed: what was read is not trusted.
      resolve({ fields: result.fields, file: null, fileTooLarge: result.fileTooLarge, wellFormed: false });
    });
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream).pipe(parser);
  });
}
