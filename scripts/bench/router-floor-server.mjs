// The minimal reproduction behind `npm run bench:floor` (issue 28): how much
// CPU a server-rendered page costs on this stack before any of the app's own
// code runs. One process, one way of answering, picked by FLOOR_MODE:
//
//   react   node:http + React's renderToPipeableStream of the page, piped to the socket
//   router  node:http + React Router's request handler (framework mode's runtime,
//           as `react-router build` wires it: a server build with a root route and
//           one page route, loaders, <Meta/>, <Links/>, <Scripts/>, turbo-stream)
//
// The page is FLOOR_CARDS cards of five elements each (heading, text, link,
// icon), about the element count of the app's home page at 140 cards.
// FLOOR_ROUTES adds that many more routes to the build's route table (the app
// has 75), none of them matched. FLOOR_GZIP=1 compresses the answer with gzip
// at zlib's default level, as the app's server does for a client that accepts it.
//
// No app code, no Express, no compression, no session: the floor under them.
import http from "node:http";
import { PassThrough, Transform } from "node:stream";
import { createGzip } from "node:zlib";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createElement as h, Fragment } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createRequestHandler, Links, Meta, Outlet, Scripts, ServerRouter, useLoaderData } from "react-router";

const mode = process.env.FLOOR_MODE ?? "router";
const cardCount = Number(process.env.FLOOR_CARDS ?? 140);
const extraRoutes = Number(process.env.FLOOR_ROUTES ?? 0);
const withGzip = process.env.FLOOR_GZIP === "1";
const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? "127.0.0.1";
if (!["react", "router"].includes(mode) || !(cardCount >= 0) || !(extraRoutes >= 0)) {
  console.error("FLOOR_MODE is react or router; FLOOR_CARDS and FLOOR_ROUTES are counts");
  process.exit(2);
}

const cards = Array.from({ length: cardCount }, (_, index) => ({
  id: `card-${index}`,
  title: `Exercice ${index + 1}`,
  text: `Trois séries de ${8 + (index % 5)} répétitions, repos ${60 + (index % 4) * 15} s.`,
}));

function Card({ card }) {
  return h(
    "li",
    { className: "card" },
    h("h3", null, card.title),
    h("p", null, card.text),
    h("a", { href: `/exo/${card.id}` }, "Voir"),
    h("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, h("path", { d: "M12 2.8l2.8 5.9 6.4.8-4.7 4.4z" })),
  );
}

function CardList({ items }) {
  return h(
    "main",
    null,
    h("h1", null, "Séance"),
    h(
      "ul",
      null,
      items.map((card) => h(Card, { key: card.id, card })),
    ),
  );
}

function Document({ children }) {
  return h(
    "html",
    { lang: "fr" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Plancher")),
    h("body", null, children),
  );
}

// ---------------------------------------------------------------------------
// react: the rendering alone.

function answerWithReact(_req, res) {
  const { pipe } = renderToPipeableStream(h(Document, null, h(CardList, { items: cards })), {
    onShellReady() {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      pipe(res);
    },
    onShellError() {
      res.writeHead(500).end();
    },
  });
}

// ---------------------------------------------------------------------------
// router: the same page through React Router's server runtime.

function RootLayout({ children }) {
  return h(
    "html",
    { lang: "fr" },
    h("head", null, h("meta", { charSet: "utf-8" }), h(Meta), h(Links)),
    h("body", null, children, h(Scripts)),
  );
}

const rootModule = {
  Layout: RootLayout,
  default: () => h(Outlet),
  loader: () => ({ user: { id: "u1", name: "Léa" }, language: "fr" }),
};

const pageModule = {
  default: function Page() {
    const { items } = useLoaderData();
    return h(Fragment, null, h(CardList, { items }));
  },
  loader: () => ({ items: cards }),
  meta: () => [{ title: "Plancher" }],
};

function handleDocumentRequest(request, status, headers, routerContext) {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(h(ServerRouter, { context: routerContext, url: request.url }), {
      onShellReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
      },
      onShellError: reject,
    });
  });
}

function routeEntry(id, parentId, path, hasLoader) {
  return {
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
    hasAction: false,
    hasLoader,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
  };
}

const serverRoutes = {
  root: { id: "root", parentId: undefined, path: "", module: rootModule },
  page: { id: "page", parentId: "root", path: "seance", module: pageModule },
};
const manifestRoutes = {
  root: routeEntry("root", undefined, "", true),
  page: routeEntry("page", "root", "seance", true),
};
for (let index = 0; index < extraRoutes; index++) {
  const id = `extra-${index}`;
  serverRoutes[id] = { id, parentId: "root", path: `autre-${index}/:id?`, module: { default: () => null } };
  manifestRoutes[id] = routeEntry(id, "root", `autre-${index}/:id?`, false);
}

const build = {
  entry: { module: { default: handleDocumentRequest } },
  routes: serverRoutes,
  assets: {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: manifestRoutes,
    url: "/assets/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
};
const handleWithRouter = createRequestHandler(build, "production");

async function answerWithRouter(req, res) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const request = new Request(`http://${req.headers.host}${req.url}`, { headers });
  const response = await handleWithRouter(request);
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  if (!response.body) return res.end();
  if (withGzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
    res.setHeader("Content-Encoding", "gzip");
    // As the app's server does (app/entry.server.tsx): what React writes in
    // one tick goes to gzip as one chunk, so the shell is compressed in one go.
    const gathered = gatheredPerTick();
    gathered.pipe(createGzip()).pipe(res);
    await writeReadableStreamToWritable(response.body, gathered);
  } else {
    await writeReadableStreamToWritable(response.body, res);
  }
}

/** The chunks written in one tick, passed on as one (and no flush(), which the helper would call per chunk). */
function gatheredPerTick() {
  let pending = [];
  const passOn = (stream) => {
    if (pending.length > 0) stream.push(Buffer.concat(pending));
    pending = [];
  };
  return new Transform({
    transform(chunk, _encoding, callback) {
      if (pending.length === 0) setImmediate(() => passOn(this));
      pending.push(chunk);
      callback();
    },
    flush(callback) {
      passOn(this);
      callback();
    },
  });
}

// ---------------------------------------------------------------------------

const answer = mode === "react" ? answerWithReact : answerWithRouter;
const server = http.createServer((req, res) => {
  Promise.resolve(answer(req, res)).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(port, host, () => console.log(`router floor (${mode}) listening on http://${host}:${port}`));
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
