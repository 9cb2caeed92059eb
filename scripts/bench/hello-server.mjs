// The baseline for `npm run bench`: the fastest a bare node:http server
// answers on this machine, so the app's numbers read as a share of it rather
// than as absolute figures that change from one machine to the next.
import http from "node:http";

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? "127.0.0.1";
const body = "Hello, world!\n";

const server = http.createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
});

server.listen(port, host, () => console.log(`hello-world listening on http://${host}:${port}`));

// Same contract as the app server: SIGTERM closes cleanly and exits 0.
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
