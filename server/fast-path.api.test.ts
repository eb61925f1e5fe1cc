import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, describe, expect } from "vitest";
import { createFakeClient } from "./test/fake-client";
import { appTest, postEpisode, type TestApp } from "./test/harness";

const clientDir = createFakeClient();
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
const it = appTest({ clientDir });

interface RawAnswer {
  status: number;
  /** Header names and values in the order and spelling they came on the wire. */
  rawHeaders: string[];
  body: Buffer;
}

/** One request over a real socket to the app as the server runs it (fast path, then Express). */
async function ask(t: TestApp, path: string, headers: http.OutgoingHttpHeaders = {}, method = "GET"): Promise<RawAnswer> {
  const server = http.createServer(t.app.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await new Promise<RawAnswer>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port: (server.address() as AddressInfo).port, path, method, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  } finally {
    server.close();
  }
}

/** The headers with the two values that belong to one response (its date and request id) blanked. */
const comparable = (raw: string[]) =>
  raw.map((value, i) => (i % 2 === 1 && /^(date|x-request-id)$/i.test(raw[i - 1]!) ? "(varies)" : value));

/** How many answers the fast path gave, from the app's own metrics. */
async function fastAnswers(t: TestApp): Promise<number> {
  const metric = await t.app.metrics.registry.getSingleMetric("http_requests_total")!.get();
  return metric.values.filter((v) => v.labels.path === "fast").reduce((sum, v) => sum + v.value, 0);
}

const header = (answer: RawAnswer, name: string) => {
  const i = answer.rawHeaders.findIndex((h, n) => n % 2 === 0 && h.toLowerCase() === name);
  return i < 0 ? undefined : answer.rawHeaders[i + 1];
};

describe("the fast path", () => {
  it("when a visitor asks again for a page or a list, then it is answered before Express with the same headers, byte for byte", async ({
    t,
    admin,
  }) => {
    await admin.post("/api/providers").send({ name: "Spotify", url: "https://open.spotify.com/show/x", icon: "spotify" }).expect(201);
    // Saving a setting as it is drops what the fast path remembers: the next answer is Express's.
    const forget = () => admin.post("/api/settings").send({ key: "podcast_title", value: "Show" }).expect(200);
    for (const path of ["/", "/listen", "/api/episodes", "/api/providers", "/api/identity", "/api/settings/footer_content"]) {
      for (const encoding of ["br, gzip", "gzip", "identity"]) {
        await forget();
        const before = await fastAnswers(t);
        const slow = await ask(t, path, { "Accept-Encoding": encoding });
        expect(await fastAnswers(t), `${path} ${encoding}`).toBe(before);
        const fast = await ask(t, path, { "Accept-Encoding": encoding });
        expect(await fastAnswers(t), `${path} ${encoding}`).toBe(before + 1);
        expect(fast.status).toBe(200);
        expect(comparable(fast.rawHeaders), `${path} ${encoding}`).toEqual(comparable(slow.rawHeaders));
        expect(fast.body.equals(slow.body), `${path} ${encoding}`).toBe(true);
        expect(header(fast, "x-request-id")).not.toBe(header(slow, "x-request-id"));
      }
    }
  });

  it("when the visitor has the answer already, then the fast path's 304 carries the headers Express's 304 carries", async ({ t }) => {
    for (const path of ["/about", "/api/clips"]) {
      const first = await ask(t, path);
      const etag = header(first, "etag")!;
      const slow304 = await ask(t, path, { "If-None-Match": etag, "Cache-Control": "max-age=0" });
      const before = await fastAnswers(t);
      const fast304 = await ask(t, path, { "If-None-Match": `"other", ${etag}` });
      expect(await fastAnswers(t)).toBe(before + 1);
      expect([slow304.status, fast304.status]).toEqual([304, 304]);
      expect(fast304.body.length).toBe(0);
      expect(comparable(fast304.rawHeaders)).toEqual(comparable(slow304.rawHeaders));
    }
  });

  it("when a HEAD follows a GET, then the fast path sends the headers and no body", async ({ t }) => {
    const get = await ask(t, "/api/episodes");
    const head = await ask(t, "/api/episodes", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(header(head, "content-length")).toBe(header(get, "content-length"));
  });

  it("when the request carries a session cookie, a query string or a body, then Express answers it", async ({ t, admin }) => {
    await postEpisode(admin, {
      title: "A draft",
      spotifyEmbedUrl: "https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk",
      isPublished: false,
    });
    await ask(t, "/api/episodes");
    await ask(t, "/");
    const before = await fastAnswers(t);
    const adminList = await admin.get("/api/episodes").expect(200);
    expect(adminList.body).toHaveLength(1);
    expect(adminList.headers["cache-control"]).toBe("private, no-store");
    await ask(t, "/?utm_source=x");
    await ask(t, "/?utm_source=x");
    await ask(t, "/api/episodes", { "Content-Length": "2", "Content-Type": "application/json" });
    expect(await fastAnswers(t)).toBe(before);
  });

  it("when a client asks for no cached answer (Cache-Control or Pragma no-cache), then Express answers it with the same response", async ({
    t,
  }) => {
    const kept = await ask(t, "/api/episodes");
    await ask(t, "/api/episodes");
    const before = await fastAnswers(t);
    const fresh = await ask(t, "/api/episodes", { "Cache-Control": "no-cache" });
    await ask(t, "/api/episodes", { Pragma: "no-cache" });
    expect(await fastAnswers(t)).toBe(before);
    expect(fresh.status).toBe(200);
    expect(comparable(fresh.rawHeaders)).toEqual(comparable(kept.rawHeaders));
    expect(fresh.body.equals(kept.body)).toBe(true);
  });

  it("when the owner writes, then the next visitor's read is new, not the remembered answer", async ({ t, admin }) => {
    await ask(t, "/api/providers");
    expect(JSON.parse((await ask(t, "/api/providers")).body.toString())).toEqual([]);
    await admin.post("/api/providers").send({ name: "Overcast", url: "https://overcast.fm/x", icon: "overcast" }).expect(201);
    const after = JSON.parse((await ask(t, "/api/providers")).body.toString()) as { name: string }[];
    expect(after.map((p) => p.name)).toEqual(["Overcast"]);
  });

  it("when a page is big, then its fast answer is compressed once and decodes to the page", async ({ t }) => {
    await ask(t, "/", { "Accept-Encoding": "br" });
    const fast = await ask(t, "/", { "Accept-Encoding": "br" });
    expect(header(fast, "content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(fast.body).toString()).toMatch(/^<!doctype html>/i);
  });
});
