import { setImmediate as nextTurn } from "node:timers/promises";
import v8 from "node:v8";
import type { TranscriptParagraph } from "../../../shared/api";
import type { FeedTask, FeedTaskResult } from "./worker";
import { words } from "../../platform/http/errors";
import { lazyWorkerPool } from "../../platform/runtime/worker-pool";
import { FeedParseError } from "./feed-text";
import type { ParsedFeed } from "./parse-feed";
import type { StoredChapter } from "./transcripts";

/** A file the worker could not read, each with its whole sentence. */
const UNREADABLE = {
  feed: "feedReport.feedUnreadable",
  transcript: "feedReport.transcriptUnreadable",
  chapters: "feedReport.chaptersUnreadable",
} as const;

export interface FeedWorkers {
  /** A feed's bytes read; items whose hash is in `known` come back unread (KnownItem). Throws FeedParseError. */
  parseFeed(body: Buffer, contentType: string | null, known: Iterable<string>): Promise<ParsedFeed>;
  /** Throws FeedParseError when the file is not a transcript of its type. */
  parseTranscript(body: Buffer, type: string): Promise<{ transcript: TranscriptParagraph[]; text: string }>;
  /** Throws FeedParseError when the file is not a chapters file. */
  parseChapters(body: Buffer): Promise<StoredChapter[]>;
  close(): Promise<void>;
}

export interface FeedWorkerLimits {
  /** The worker's heap; a task that needs more ends the worker, not the server. */
  heapMb?: number;
  /** A task that runs longer is stopped (its worker ended). */
  taskMs?: number;
}

/**
 * One worker thread (made on first use, ended when idle) for everything a feed sync reads:
 * the server's own thread only fetches and writes. A task past its time or heap ends with its
 * worker and fails with a message; the next task gets a new worker.
 */
export function createFeedWorkers({ heapMb = 1_024, taskMs = 60_000 }: FeedWorkerLimits = {}): FeedWorkers {
  const pool = lazyWorkerPool(
    { built: new URL("./feed-worker.js", import.meta.url), source: new URL("./worker.ts", import.meta.url) },
    { heapMb, youngMb: 64 },
  );
  const run = async (task: FeedTask): Promise<FeedTaskResult> => {
    let result: FeedTaskResult;
    try {
      result = (await pool.run(task, { signal: AbortSignal.timeout(taskMs) })) as FeedTaskResult;
    } catch (err) {
      const reason =
        (err as Error).name === "AbortError" || /abort/i.test((err as Error).message)
          ? words("feedReport.tookTooLong", { seconds: taskMs / 1000 })
          : words("feedReport.tooMuchMemory");
      throw new FeedParseError(words(UNREADABLE[task.kind], { reason }));
    }
    if (result.kind === "refused") throw new FeedParseError(result.words);
    return result;
  };
  const bytes = (body: Buffer) => new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return {
    async parseFeed(body, contentType, known) {
      const result = (await run({ kind: "feed", body: bytes(body), contentType, known: [...known] })) as Extract<
        FeedTaskResult,
        { kind: "feed" }
      >;
      // A chunk at a time, letting visitors' requests in between (worker.ts).
      const items: ParsedFeed["items"] = [];
      for (const chunk of result.items) {
        for (const item of v8.deserialize(chunk) as ParsedFeed["items"]) items.push(item);
        await nextTurn();
      }
      return { ...result.feed, items };
    },
    async parseTranscript(body, type) {
      const result = (await run({ kind: "transcript", body: bytes(body), type })) as Extract<FeedTaskResult, { kind: "transcript" }>;
      return { transcript: result.transcript, text: result.text };
    },
    async parseChapters(body) {
      return ((await run({ kind: "chapters", body: bytes(body) })) as Extract<FeedTaskResult, { kind: "chapters" }>).chapters;
    },
    close: () => pool.close(),
  };
}
