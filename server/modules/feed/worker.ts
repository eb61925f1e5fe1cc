import v8 from "node:v8";
import { chunk } from "es-toolkit/array";
import { move, transferableSymbol, valueSymbol } from "piscina";
import type { TranscriptParagraph } from "../../../shared/api";
import { words, type Words } from "../../platform/http/errors";
import { FeedParseError } from "./feed-text";
import { parseFeed, type ParsedFeed } from "./parse-feed";
import { parseChapters, parseTranscript, transcriptText, type StoredChapter } from "./transcripts";

/** What the feed worker is asked: a feed's bytes, a transcript's, or a chapters file's. */
export type FeedTask =
  | { kind: "feed"; body: Uint8Array; contentType: string | null; known: string[] }
  | { kind: "transcript"; body: Uint8Array; type: string }
  | { kind: "chapters"; body: Uint8Array };

/**
 * Its answer. A file that is not what it should be comes back as `refused` with the reason in
 * words, since an error thrown in a worker reaches the caller without its class.
 */
export type FeedTaskResult =
  | { kind: "feed"; feed: ParsedFeed<never>; items: Uint8Array[] }
  | { kind: "transcript"; transcript: TranscriptParagraph[]; text: string }
  | { kind: "chapters"; chapters: StoredChapter[] }
  | { kind: "refused"; words: Words };

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Items a chunk: each is read back on the server's thread in well under a millisecond. */
export const ITEMS_PER_CHUNK = 100;

/**
 * A feed's answer with its items serialised in chunks and moved, not copied, to the server's
 * thread. Read back whole, a back catalogue of thousands (tens of MB) held that thread for
 * 20-110 ms; chunk by chunk, the server answers visitors between them (workers.ts).
 */
function feedAnswer(feed: ParsedFeed) {
  const items: Uint8Array[] = [];
  // Each chunk is copied into a buffer of its own: a small one may share Node's buffer pool,
  // which must not be moved away.
  for (const part of chunk(feed.items, ITEMS_PER_CHUNK)) items.push(new Uint8Array(v8.serialize(part)));
  const answer: FeedTaskResult = { kind: "feed", feed: { ...feed, items: [] }, items };
  return move({
    get [transferableSymbol]() {
      return items.map((chunk) => chunk.buffer);
    },
    get [valueSymbol]() {
      return answer;
    },
  });
}

/**
 * Runs in a worker thread (server/modules/feed/workers.ts): reading a feed, its notes and its
 * transcripts takes seconds of CPU and hundreds of MB for a big back catalogue, which the
 * visitors' event loop must never wait for.
 */
export default async function run(task: FeedTask): Promise<FeedTaskResult | ReturnType<typeof move>> {
  try {
    switch (task.kind) {
      case "feed":
        return feedAnswer(parseFeed(bufferOf(task.body), task.contentType, { known: new Set(task.known) }));
      case "transcript": {
        const transcript = await parseTranscript(bufferOf(task.body).toString("utf8"), task.type);
        return { kind: "transcript", transcript, text: transcriptText(transcript) };
      }
      case "chapters":
        return { kind: "chapters", chapters: parseChapters(bufferOf(task.body).toString("utf8")) };
    }
  } catch (err) {
    if (err instanceof FeedParseError) return { kind: "refused", words: err.words };
    if (task.kind !== "feed")
      return { kind: "refused", words: words("feedReport.fileUnreadable", { detail: (err as Error).message.slice(0, 200) }) };
    throw err;
  }
}
