import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

// Request bodies are read here, once, with a size limit enforced while they
// stream in, so no route can buffer more than its limit. And whatever answers
// before a body was read to its end (a 413, a 503 while draining, a refused
// method) leaves the connection clean: the rest of the body is either pulled
// off the wire and dropped, or the answer says `Connection: close` and the
// socket is closed without a reset. A client therefore never sees
// ECONNRESET, on this request or on its next one over the same connection.

/** An unread rest up to this size is read and dropped: the connection stays usable. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** How long a closing connection keeps reading (and dropping) what the client still sends. */
export const LINGER_MS = 2_000;

export type BodyReadOutcome =
  { status: "complete"; body: Buffer } | { status: "too-large"; limitBytes: number; receivedBytes: number };

export function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers["content-length"];
  if (header === undefined) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

export function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || (declaredLength(req) ?? 0) > 0;
}

/** The body stopped before its end: the client's fault, a 400 if anyone is still there to read it. */
export class BodyCutOffError extends Error {
  readonly status = 400;
  constructor(cause?: unknown) {
    super("The client stopped sending before the end of the body.", { cause });
    this.name = "BodyCutOffError";
  }
}

/**
 * Reads the whole body, or stops as soon as it passes limitBytes (a declared
 * Content-Length over the limit stops it before the first byte). Rejects when
 * the body stops before its end (BodyCutOffError, a 400). Never destroys the request: what is left is for
 * releaseUnreadBody.
 */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<BodyReadOutcome> {
  if ((declaredLength(req) ?? 0) > limitBytes) {
    return Promise.resolve({ status: "too-large", limitBytes, receivedBytes: 0 });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let receivedBytes = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onFailure);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      receivedBytes += chunk.length;
      if (receivedBytes > limitBytes) {
        stop();
        req.pause();
        resolve({ status: "too-large", limitBytes, receivedBytes });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve({ status: "complete", body: Buffer.concat(chunks, receivedBytes) });
    };
    const onFailure = (error: Error) => {
      stop();
      reject(new BodyCutOffError(error));
    };
    const onClose = () => {
      if (req.complete) return;
      stop();
      reject(new BodyCutOffError());
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onFailure);
    req.on("close", onClose);
  });
}

/**
 * Call before answering a request whose body may not have been read to its
 * end. A known rest up to DRAIN_LIMIT_BYTES is read and dropped, keeping the
 * connection; a larger or unknown (chunked) rest gets `Connection: close` and
 * a lingering close.
 */
export function releaseUnreadBody(req: IncomingMessage, res: ServerResponse, receivedBytes = 0): void {
  if (req.readableEnded || !hasBody(req)) return;
  // Whatever is left of this body is dropped, never parsed as the next request.
  req.resume();
  if (req.complete) return;
  const declared = declaredLength(req);
  const rest = declared === null ? Number.POSITIVE_INFINITY : declared - receivedBytes;
  if (rest <= DRAIN_LIMIT_BYTES) return;
  if (!res.headersSent) res.setHeader("Connection", "close");
  lingerBeforeClosing(req.socket);
}

/** For an answer after which the connection must end (the server is draining). */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader("Connection", "close");
  lingerBeforeClosing(req.socket);
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written
 * (socket.destroySoon). If the client is still sending its body, closing with
 * unread bytes makes the kernel send a reset, which can wipe out the answer
 * before the client reads it. Instead: send our FIN, keep reading and
 * dropping for up to LINGER_MS, and close once the client has closed its side.
 */
export function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("end", () => this.destroy());
    this.once("close", () => clearTimeout(timer));
    this.resume();
  };
}
