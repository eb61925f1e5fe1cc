// Longer than 200 lines: safeFetch is the one door to other hosts, and each of its rules
// (answers, redirects, limits, addresses) needs the loopback host set up below.
import http from "node:http";
import net, { type AddressInfo, type LookupFunction } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { english } from "../../test/words";
import { FetchError, type FetchOptions, safeFetch } from "./safe-fetch";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A host on loopback whose answers each test sets by path; it counts what reaches it. */
let server: http.Server;
let base: string;
let port: number;
const routes = new Map<string, Handler>();
let received: http.IncomingMessage[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(req);
    const handler = routes.get(req.url ?? "");
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  routes.clear();
  received = [];
});

/**
 * A host on loopback that writes its answers byte by byte, for the framings `node:http` does not
 * make (a body that ends with the connection) and for cutting a connection short.
 */
const rawHosts: net.Server[] = [];
async function rawHost(answer: (socket: net.Socket) => void): Promise<string> {
  const host = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.once("data", () => answer(socket));
  });
  rawHosts.push(host);
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(host.address() as AddressInfo).port}/feed`;
}
afterEach(() => {
  for (const host of rawHosts.splice(0)) host.close();
});

const local: FetchOptions = { allowPrivate: true, timeoutMs: 2000 };

async function refusal(url: string, options: FetchOptions = local): Promise<FetchError> {
  const err = await safeFetch(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

function redirect(from: string, status: number, to: string) {
  routes.set(from, (_req, res) => res.writeHead(status, { location: to }).end());
}

const feed = (_req: http.IncomingMessage, res: http.ServerResponse) =>
  res
    .writeHead(200, { "content-type": "application/rss+xml", etag: '"v1"', "last-modified": "Tue, 10 Jun 2025 04:00:00 GMT" })
    .end("<rss/>");

describe("safeFetch: answers", () => {
  it("when the host answers 200, then the body and its validators come back, asked for with our user agent and compression", async () => {
    routes.set("/feed", feed);

    const result = await safeFetch(`${base}/feed`, local);

    expect(result).toEqual({
      status: "ok",
      url: `${base}/feed`,
      permanentUrl: null,
      body: Buffer.from("<rss/>"),
      contentType: "application/rss+xml",
      etag: '"v1"',
      lastModified: "Tue, 10 Jun 2025 04:00:00 GMT",
    });
    expect(received[0]!.headers["user-agent"]).toMatch(/^PodcastSite\/1\.0/);
    expect(received[0]!.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("when the ETag still matches, then If-None-Match is sent and the answer is unchanged", async () => {
    routes.set("/feed", (req, res) => (req.headers["if-none-match"] === '"v1"' ? res.writeHead(304).end() : feed(req, res)));

    expect(await safeFetch(`${base}/feed`, { ...local, etag: '"v1"' })).toEqual({
      status: "unchanged",
      url: `${base}/feed`,
      permanentUrl: null,
    });
  });

  it("when the date still matches, then If-Modified-Since is sent and the answer is unchanged", async () => {
    const date = "Tue, 10 Jun 2025 04:00:00 GMT";
    routes.set("/feed", (req, res) => (req.headers["if-modified-since"] === date ? res.writeHead(304).end() : feed(req, res)));

    expect((await safeFetch(`${base}/feed`, { ...local, lastModified: date })).status).toBe("unchanged");
  });

  it("when the body is compressed with gzip, deflate or brotli, then it comes back decompressed", async () => {
    const text = "<rss>".padEnd(5000, "x");
    const encoders = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync };
    for (const [encoding, encode] of Object.entries(encoders)) {
      routes.set(`/${encoding}`, (_req, res) => res.writeHead(200, { "content-encoding": encoding }).end(encode(Buffer.from(text))));
      const result = await safeFetch(`${base}/${encoding}`, local);
      expect(result.status === "ok" && result.body.toString(), encoding).toBe(text);
    }
  });

  it("when the host answers 404 or 500, then the message names the status", async () => {
    routes.set("/boom", (_req, res) => res.writeHead(500).end("oops"));

    const missing = await refusal(`${base}/missing`);
    const boom = await refusal(`${base}/boom`);

    expect([missing.reason, english(missing.words)]).toEqual(["http-status", "the host answered 404 Not Found"]);
    expect([boom.reason, english(boom.words)]).toEqual(["http-status", "the host answered 500 Internal Server Error"]);
  });

  it("when nothing listens on the port, then the failure is a network error a person can read", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const err = await refusal(`http://127.0.0.1:${closedPort}/`);

    expect([err.reason, english(err.words)]).toEqual(["network", "the host refused the connection"]);
  });

  it("when the compressed body is corrupt, then the failure says so", async () => {
    routes.set("/bad", (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end("not gzip at all"));

    const err = await refusal(`${base}/bad`);

    expect([err.reason, english(err.words)]).toEqual(["network", "the host sent a compressed file that could not be read"]);
  });
});

describe("safeFetch: redirects", () => {
  it("when every redirect is permanent (301 then 308), then the final address is the permanent one", async () => {
    redirect("/old", 301, "/older");
    redirect("/older", 308, `${base}/feed`);
    routes.set("/feed", feed);

    const result = await safeFetch(`${base}/old`, local);

    expect(result).toMatchObject({ status: "ok", url: `${base}/feed`, permanentUrl: `${base}/feed` });
  });

  it("when a temporary redirect (302) is on the way, then there is no permanent address", async () => {
    redirect("/old", 301, "/moving");
    redirect("/moving", 302, "/feed");
    routes.set("/feed", feed);

    expect(await safeFetch(`${base}/old`, local)).toMatchObject({ status: "ok", url: `${base}/feed`, permanentUrl: null });
  });

  it("when a redirected feed is unchanged, then the permanent address comes back with it", async () => {
    redirect("/old", 308, "/feed");
    routes.set("/feed", (_req, res) => res.writeHead(304).end());

    expect(await safeFetch(`${base}/old`, { ...local, etag: '"v1"' })).toEqual({
      status: "unchanged",
      url: `${base}/feed`,
      permanentUrl: `${base}/feed`,
    });
  });

  it("when the host redirects 5 times, then the file is read; 6 times, then it is refused", async () => {
    for (let i = 0; i < 6; i++) redirect(`/r${i}`, 307, `/r${i + 1}`);
    routes.set("/r6", feed);

    expect((await safeFetch(`${base}/r1`, local)).status).toBe("ok");
    const err = await refusal(`${base}/r0`);

    expect([err.reason, english(err.words)]).toEqual(["redirects", "the host redirected more than 5 times"]);
  });

  it("when a redirect leads to another scheme, then that hop is refused", async () => {
    redirect("/ftp", 302, "ftp://example.invalid/feed.xml");
    redirect("/file", 301, "file:///etc/passwd");

    expect((await refusal(`${base}/ftp`)).reason).toBe("scheme");
    expect((await refusal(`${base}/file`)).reason).toBe("scheme");
  });

  it("when a redirect's Location is not a valid address, then the message says so", async () => {
    redirect("/broken", 301, "http://[not-an-address/");

    const err = await refusal(`${base}/broken`);

    expect([err.reason, english(err.words)]).toEqual(["scheme", "the address is not a valid web address"]);
  });
});

describe("safeFetch: limits", () => {
  it("when the host never answers, then the fetch stops at the time limit and the connection is closed", async () => {
    let closed!: Promise<void>;
    routes.set("/silent", (req) => {
      closed = new Promise((resolve) => req.socket.on("close", resolve));
    });

    const err = await refusal(`${base}/silent`, { ...local, timeoutMs: 300 });

    expect([err.reason, english(err.words)]).toEqual(["timeout", "the host did not answer within 0.3 seconds"]);
    await closed;
  });

  it("when the host trickles the body, then the time limit covers the body too", async () => {
    let closed!: Promise<void>;
    routes.set("/trickle", (req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write("x"), 20);
      closed = new Promise((resolve) => req.socket.on("close", () => resolve(clearInterval(timer))));
    });

    const err = await refusal(`${base}/trickle`, { ...local, timeoutMs: 300 });

    expect(err.reason).toBe("timeout");
    await closed;
  });

  it("when a body ends with the connection (no Content-Length, not chunked), then it is read whole", async () => {
    const url = await rawHost((socket) => socket.end("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n<rss/>"));

    expect(await safeFetch(url, local)).toMatchObject({ status: "ok", body: Buffer.from("<rss/>") });
  });

  it("when a body that ends with the connection trickles past the time limit, then the fetch is a timeout, not the part that came", async () => {
    // No Content-Length and not chunked: closing the connection is how such a body ends, so the
    // close that the time limit makes must not pass for the end of the file.
    const url = await rawHost((socket) => {
      socket.write("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n<rss>");
      const timer = setInterval(() => socket.write("x"), 20);
      socket.on("close", () => clearInterval(timer));
    });

    const err = await refusal(url, { ...local, timeoutMs: 300 });

    expect([err.reason, english(err.words)]).toEqual(["timeout", "the host did not answer within 0.3 seconds"]);
  });

  it("when the host resets the connection in the middle of a body that ends with the connection, then the fetch fails", async () => {
    const url = await rawHost((socket) => {
      // The reset a moment after the bytes, so that it comes as a reset and not as the end of them.
      socket.write("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n<rss>partial", () => setTimeout(() => socket.resetAndDestroy(), 50));
    });

    const err = await refusal(url);

    expect([err.reason, english(err.words)]).toEqual(["network", "the host closed the connection before the whole file was sent"]);
  });

  it("when the host closes the connection before the bytes its Content-Length or chunks promise, then the fetch fails", async () => {
    const heads = ["content-length: 1000", "transfer-encoding: chunked"];
    for (const head of heads) {
      const body = head.startsWith("content-length") ? "x".repeat(100) : "64\r\n" + "x".repeat(100) + "\r\n";
      const url = await rawHost((socket) => socket.end(`HTTP/1.1 200 OK\r\n${head}\r\n\r\n${body}`));

      const err = await refusal(url);

      expect([err.reason, english(err.words)], head).toEqual(["network", "the host closed the connection before the whole file was sent"]);
    }
  });

  it("when Content-Length says more than the limit, then the file is refused before it is read", async () => {
    routes.set("/big", (_req, res) => res.writeHead(200, { "content-length": 2000 }).end("x".repeat(2000)));

    const err = await refusal(`${base}/big`, { ...local, maxBytes: 1000 });

    expect([err.reason, english(err.words)]).toEqual(["too-large", "the file is larger than 1000 bytes"]);
  });

  it("when a chunked body without Content-Length passes the limit, then it is refused", async () => {
    routes.set("/chunked", (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 20; i++) res.write("x".repeat(100));
      res.end();
    });

    expect((await refusal(`${base}/chunked`, { ...local, maxBytes: 1000 })).reason).toBe("too-large");
  });

  it("when a body is exactly at the limit, then it is read", async () => {
    routes.set("/exact", (_req, res) => res.writeHead(200).end("x".repeat(1000)));

    expect((await safeFetch(`${base}/exact`, { ...local, maxBytes: 1000 })).status).toBe("ok");
  });

  it("when a small gzip file decompresses past the limit (a zip bomb), then it is refused", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100 * 1024);
    routes.set("/bomb", (_req, res) => res.writeHead(200, { "content-encoding": "gzip", "content-length": bomb.length }).end(bomb));

    const err = await refusal(`${base}/bomb`, { ...local, maxBytes: 1024 * 1024 });

    expect([err.reason, english(err.words)]).toEqual(["too-large", "the file is larger than 1 MB"]);
  });
});

describe("safeFetch: addresses", () => {
  it("when the address is loopback in any spelling, private, link-local, metadata, CGNAT, or IPv6 outside public global unicast, then it is refused and nothing reaches the host", async () => {
    routes.set("/", feed);
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://192.168.1.1/",
      "http://172.16.0.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      `http://[::127.0.0.1]:${port}/`,
      "http://[::8.8.8.8]/",
      `http://[2002:7f00:1::1]:${port}/`,
      "http://[2001:db8::1]/",
      "http://[64:ff9b::7f00:1]/",
    ];
    for (const url of urls) {
      const err = await refusal(url, { timeoutMs: 500 });
      expect([err.reason, english(err.words)], url).toEqual([
        "address",
        "the address points to a private or local network, which this site does not read from",
      ]);
    }
    expect(received).toHaveLength(0);
  });

  it("when a host name resolves to an address outside the rule (IPv4-compatible IPv6, 6to4), then the connection is refused", async () => {
    // ::7f00:1 is ::127.0.0.1 in hex, which the agent's own check would let through (ipaddr.js calls it unicast).
    for (const address of ["::127.0.0.1", "::7f00:1", "2002:7f00:1::1"]) {
      const lookup: LookupFunction = (_hostname, options, callback) =>
        options.all ? callback(null, [{ address, family: 6 }]) : callback(null, address, 6);

      const err = await refusal(`http://feed.example:${port}/`, { timeoutMs: 500, lookup });

      expect([err.reason, english(err.words)], address).toEqual([
        "address",
        "the address points to a private or local network, which this site does not read from",
      ]);
    }
  });

  it("when a host name resolves to an IPv4-mapped address, even of a public IPv4 address, then the agent refuses the connection", async () => {
    const lookup: LookupFunction = (_hostname, options, callback) =>
      options.all ? callback(null, [{ address: "::ffff:8.8.8.8", family: 6 }]) : callback(null, "::ffff:8.8.8.8", 6);

    const err = await refusal(`http://feed.example:${port}/`, { timeoutMs: 500, lookup });

    expect([err.reason, english(err.words)]).toEqual([
      "address",
      "the address points to a private or local network, which this site does not read from",
    ]);
  });

  it("when the address is not http or https, or carries a user name and password, then it is refused", async () => {
    for (const url of ["ftp://example.invalid/feed.xml", "file:///etc/passwd", `http://user:pw@127.0.0.1:${port}/`, "not a url"]) {
      expect((await refusal(url, local)).reason, url).toBe("scheme");
    }
    expect(english((await refusal("gopher://example.invalid/")).words)).toBe("only http and https addresses can be read");
    expect(received).toHaveLength(0);
  });
});
