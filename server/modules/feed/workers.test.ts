import { afterAll, describe, expect, it } from "vitest";
import { parseFeed } from "./parse-feed";
import { createFeedWorkers } from "./workers";
import { ITEMS_PER_CHUNK } from "./worker";

const ITEMS = ITEMS_PER_CHUNK * 2 + 37;
const feed = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Show</title>${Array.from(
    { length: ITEMS },
    (_, i) =>
      `<item><title>Episode ${ITEMS - i}</title><guid>g-${ITEMS - i}</guid><pubDate>${new Date(Date.UTC(2020, 0, 1) + (ITEMS - i) * 86_400_000).toUTCString()}</pubDate><description>Notes of ${ITEMS - i}</description><enclosure url="https://cdn.example/${ITEMS - i}.mp3" length="1000" type="audio/mpeg"/><itunes:duration>61</itunes:duration></item>`,
  ).join("")}</channel></rss>`,
);

const workers = createFeedWorkers();
afterAll(() => workers.close());

describe("the feed worker's answer, sent back in chunks", () => {
  it("when a feed of more items than a chunk holds is read in the worker, then every item comes back in feed order, as the parser made it, dates as dates", async () => {
    const read = await workers.parseFeed(feed, "application/rss+xml", []);
    const expected = parseFeed(feed, "application/rss+xml");
    expect(read.items).toHaveLength(ITEMS);
    expect(read.items).toEqual(expected.items);
    expect(read.title).toBe("Show");
    const first = read.items[0]!;
    expect(!first.known && first.publishedAt).toBeInstanceOf(Date);
  });

  it("when items are known by their hash, then they come back unread among the others, in place", async () => {
    const all = parseFeed(feed, "application/rss+xml").items;
    const known = [all[0]!.rawHash, all[ITEMS_PER_CHUNK + 5]!.rawHash];
    const read = await workers.parseFeed(feed, "application/rss+xml", known);
    expect(read.items.map((i) => i.known === true)).toEqual(all.map((_, n) => n === 0 || n === ITEMS_PER_CHUNK + 5));
  });
});
