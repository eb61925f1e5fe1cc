// The floors the benchmark compares against, each in its own process: an Express 5 hello-world
// and a bare node:http server, both answering the same 2 KB of JSON (FLOOR=express or node); a
// bare node:http server answering BYTES bytes (FLOOR=bytes), to set a page beside a server that
// sends as many bytes and does nothing else; and a bare node:http server that reads a POSTed
// body, parses it as JSON and answers 204 (FLOOR=beacon), to set the beacons beside a server that
// does only that.
import crypto from "node:crypto";
import http from "node:http";
import express from "express";

const body = { hello: "world", items: Array.from({ length: 38 }, (_, i) => ({ id: i, title: `Item number ${i}`, ok: true, n: i * 7 })) };
const json = JSON.stringify(body);
if (Buffer.byteLength(json) < 1900 || Buffer.byteLength(json) > 2200)
  throw new Error(`the floor's body is ${Buffer.byteLength(json)} bytes`);

let server;
if (process.env.FLOOR === "bytes") {
  // Random bytes, as a compressed page looks on the wire: the load generator reads a body of
  // repeated letters many times faster than one of compressed bytes, so letters would not be the same.
  const bytes = crypto.randomBytes(Number(process.env.BYTES));
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": bytes.length });
    res.end(bytes);
  });
} else if (process.env.FLOOR === "beacon") {
  server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(204, { "cache-control": "no-store" }).end();
    });
  });
} else if (process.env.FLOOR === "node") {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(json) });
    res.end(json);
  });
} else {
  const app = express();
  app.get("/", (_req, res) => res.json(body));
  server = http.createServer(app);
}
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
