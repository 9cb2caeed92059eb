import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { nonceContext } from "~/context.server";
import { logRequestError } from "~/lib/request-errors.server";
import { NonceProvider } from "~/lib/nonce";
import { getInstance } from "~/middleware/i18next.server";

// The HTTP server (app/server/main.ts) reaches the app's lifecycle through
// this module, so the store and context keys are the very ones routes use.
export { createLoadContext } from "~/context.server";
export { startApp, DatabaseStartError } from "~/lifecycle.server";

export const streamTimeout = 5_000;

/** Client faults are one line in the log; real server faults keep their stack. */
export function handleError(error: unknown, { request }: { request: Request }) {
  logRequestError(error, request);
}

/**
 * React writes the document in many small chunks within one tick; each chunk
 * would cost compression its own trip to the thread pool. Gather what is
 * written in a tick into one chunk, so the shell is compressed in one go
 * (measured: twice the throughput), while later chunks still stream.
 */
class CoalescingStream extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;
  private readonly onFinish: () => void;

  constructor(onFinish: () => void) {
    super();
    this.onFinish = onFinish;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flushPending());
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.flushPending();
    this.onFinish();
    callback();
  }

  private flushPending() {
    this.scheduled = false;
    if (this.pending.length > 0) this.push(Buffer.concat(this.pending));
    this.pending = [];
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  const i18n = getInstance(loadContext, request);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        // React sends a finished Suspense boundary apart (hidden, put in place
        // by a script) once the page passed this many bytes; a browser without
        // JavaScript would never show it (the account dialog's dashboard).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new CoalescingStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
