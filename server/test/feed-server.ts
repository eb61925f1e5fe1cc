import crypto from "node:crypto";
import http from "node:http";
import type supertest from "supertest";
import { afterAll, beforeAll, beforeEach } from "vitest";

interface FeedServerRoute {
  status?: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Answer 304 when the request's If-None-Match is this response's ETag. */
  etag?: boolean;
  /** Never answer (a host that does not respond). */
  hang?: boolean;
}

/**
 * A host on loopback that serves feeds (and anything else) for the tests: routes by path, each
 * answered as set, with an ETag and 304s when asked; every request is recorded.
 */
async function startFeedServer() {
  const routes = new Map<string, FeedServerRoute>();
  const requests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ path: req.url ?? "/", headers: req.headers });
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    if (route.hang) return;
    const body = route.body ?? "";
    const headers: Record<string, string> = { "Content-Type": "application/rss+xml; charset=utf-8", ...route.headers };
    if (route.etag) {
      const tag = `"${crypto.createHash("sha1").update(body).digest("hex")}"`;
      headers.ETag = tag;
      if (req.headers["if-none-match"] === tag) {
        res.writeHead(304, headers).end();
        return;
      }
    }
    res.writeHead(route.status ?? 200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A hung request must not keep close() waiting.
  const closeAll = () => server.closeAllConnections();
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    routes,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        closeAll();
      }),
  };
}
export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** The feed host of a test file: started before its tests, emptied before each one, closed after. */
export function useFeedServer(): FeedServer {
  const host = {} as FeedServer;
  beforeAll(async () => {
    Object.assign(host, await startFeedServer());
  });
  beforeEach(() => {
    host.routes.clear();
    host.requests.length = 0;
  });
  afterAll(() => host.close());
  return host;
}

/** The owner sets the show's feed address, as the settings form does (a sync then reads it). */
export const setFeedUrl = (admin: supertest.Agent, url: string) =>
  admin.post("/api/settings").send({ key: "rss_url", value: url }).expect(200);

const NAMESPACES =
  'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"';

export interface TestItem {
  title: string;
  guid?: string | null;
  audio?: string | null;
  type?: string;
  date?: string;
  notes?: string;
  extra?: string;
}

/** An RSS feed of the given items, as a host would publish it. */
export function feedXml(items: TestItem[], channel = "<title>Test Show</title><link>https://show.example/</link>"): string {
  const body = items
    .map((i) =>
      [
        "<item>",
        `<title>${i.title}</title>`,
        i.guid === null ? "" : `<guid isPermaLink="false">${i.guid ?? `guid-${i.title}`}</guid>`,
        i.date ? `<pubDate>${i.date}</pubDate>` : "",
        i.notes ? `<description><![CDATA[${i.notes}]]></description>` : "",
        i.audio === null
          ? ""
          : `<enclosure url="${i.audio ?? `https://cdn.example/${encodeURIComponent(i.title)}.mp3`}" length="1234" type="${i.type ?? "audio/mpeg"}"/>`,
        i.extra ?? "",
        "</item>",
      ].join(""),
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${NAMESPACES}><channel>${channel}\n${body}\n</channel></rss>\n`;
}
