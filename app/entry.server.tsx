import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { accountSearchParam, accountViewNamespaces } from "~/components/account/account-url";
import { nonceContext } from "~/context.server";
import { isBrowserNamespace, pageTranslations } from "~/i18n/i18n.server";
import { detectLanguage } from "~/i18n/languages";
import { TranslationsProvider } from "~/i18n/react-i18next";
import { namespacesByPattern, namespacesOfHandles } from "~/i18n/route-namespaces";
import { logRequestError } from "~/lib/request-errors.server";
import { NonceProvider } from "~/lib/nonce";
import { SiteStylesheetsProvider } from "~/lib/site-stylesheet";
import { StaticMarkupContext } from "~/lib/static-markup";
import { createStaticMarkupCache } from "~/lib/static-markup.server";
import { getLocale } from "~/middleware/i18next.server";

// The HTTP server (app/server/main.ts) reaches the app's lifecycle through
// this module, so the store and context keys are the very ones routes use.
export { createLoadContext } from "~/context.server";
export { startApp, DatabaseStartError } from "~/lifecycle.server";
export { offlineCacheHeaders } from "~/services/auth/offline-account.server";

export const streamTimeout = 5_000;

/** Markup the same for every visitor of a language (the professional reviews' carousel), rendered once. */
const staticMarkup = createStaticMarkupCache();

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

/** Route pattern -> namespaces, as JSON, once per build (the manifest is the build's). */
const routesJsonByManifest = new WeakMap<object, string>();

function routesJsonOf(routerContext: EntryContext): string {
  let json = routesJsonByManifest.get(routerContext.manifest);
  if (json === undefined) {
    json = JSON.stringify(
      namespacesByPattern(
        routerContext.manifest.routes,
        (routeId) => routerContext.routeModules[routeId]?.handle,
        isBrowserNamespace,
      ),
    );
    routesJsonByManifest.set(routerContext.manifest, json);
  }
  return json;
}

/** The page's language (the root middleware's), and the namespaces its matched routes declare. */
function translationsOf(request: Request, routerContext: EntryContext, loadContext: RouterContextProvider) {
  let language;
  try {
    language = getLocale(loadContext);
  } catch {
    // Rendered without the root middleware having run (an error before it).
    language = detectLanguage(request).language;
  }
  const handles = routerContext.staticHandlerContext.matches.map(
    (match) => routerContext.routeModules[match.route.id]?.handle,
  );
  // The account dialog opens over any page: its history view brings the dashboard's texts.
  const dialog = { i18n: accountViewNamespaces(new URL(request.url).searchParams.get(accountSearchParam)) };
  return pageTranslations(language, namespacesOfHandles([...handles, dialog]), routesJsonOf(routerContext));
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
  const translations = translationsOf(request, routerContext, loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SiteStylesheetsProvider value={routerContext.manifest.routes["root"]?.css ?? []}>
          <TranslationsProvider value={translations}>
            <StaticMarkupContext.Provider value={staticMarkup}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </StaticMarkupContext.Provider>
          </TranslationsProvider>
        </SiteStylesheetsProvider>
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary that is ready when the shell is sent stays in
        // place, whatever its size: React would otherwise move a large one
        // after the shell, behind an inline script, and a page read without
        // JavaScript would miss it (the account dialog is such a boundary).
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
