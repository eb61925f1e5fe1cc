import type { Db } from "../db/client";
import { parseChapters, parseTranscript, transcriptText } from "../feed/transcripts";
import type { Logger } from "../lib/logger";
import { FetchError, safeFetch } from "../lib/safe-fetch";
import { updateEpisode } from "../storage/episodes";
import { episodesMissingArtwork, episodesMissingExtras } from "../storage/feed";
import type { PicturesService } from "./pictures";

/** Per sync: the rest waits for the next one, so a sync of a big back catalogue stays short. */
const PER_SYNC = 40;
const AT_ONCE = 4;
const LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 20_000 };

/** Runs `work` over `items`, `atOnce` at a time. */
async function eachLimited<T>(items: T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: Math.min(atOnce, queue.length) }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }));
}

/**
 * Transcripts and chapters the feed names, fetched through the safe fetcher and stored with the
 * episode, so its page carries them in the served HTML (the page's best words for search
 * engines). A file that cannot be read for good (refused, 4xx, not what it says) is marked as
 * tried for its address; a timeout or a network failure is tried again at the next sync.
 * Returns how many episodes gained something.
 */
export async function fetchEpisodeExtras(db: Db, options: { allowPrivate: boolean; logger?: Logger }): Promise<number> {
  const rows = await episodesMissingExtras(db, PER_SYNC);
  let gained = 0;
  const fetchText = async (url: string) => {
    const res = await safeFetch(url, { ...LIMITS, allowPrivate: options.allowPrivate });
    return res.status === "ok" ? res.body.toString("utf8") : null;
  };
  const isTransient = (err: unknown) => err instanceof FetchError && (err.reason === "timeout" || err.reason === "network");
  await eachLimited(rows, AT_ONCE, async (row) => {
    if (row.transcriptUrl && row.transcriptSourceUrl !== row.transcriptUrl) {
      try {
        const body = await fetchText(row.transcriptUrl);
        const transcript = body === null ? [] : await parseTranscript(body, row.transcriptType ?? "");
        await updateEpisode(db, row.id, { transcript, transcriptText: transcriptText(transcript), transcriptSourceUrl: row.transcriptUrl });
        if (transcript.length > 0) gained++;
      } catch (err) {
        options.logger?.info({ episode: row.id, err: (err as Error).message }, "transcript not read");
        if (!isTransient(err)) await updateEpisode(db, row.id, { transcript: null, transcriptText: "", transcriptSourceUrl: row.transcriptUrl });
      }
    }
    if (row.chaptersUrl && row.chaptersSourceUrl !== row.chaptersUrl) {
      try {
        const body = await fetchText(row.chaptersUrl);
        const chapters = body === null ? [] : parseChapters(body);
        await updateEpisode(db, row.id, { chapters, chaptersSourceUrl: row.chaptersUrl });
        if (chapters.length > 0) gained++;
      } catch (err) {
        options.logger?.info({ episode: row.id, err: (err as Error).message }, "chapters not read");
        if (!isTransient(err)) await updateEpisode(db, row.id, { chapters: null, chaptersSourceUrl: row.chaptersUrl });
      }
    }
  });
  return gained;
}

/**
 * Episode artwork on another host, fetched and kept here with its sizes, so a visitor's browser
 * asks no other host for it. Most feeds give every item the show's image: it is fetched once.
 * An image that cannot be read is marked as tried for its address. Returns how many gained one.
 */
export async function keepEpisodeArtwork(db: Db, pictures: PicturesService): Promise<number> {
  const rows = await episodesMissingArtwork(db, PER_SYNC * 5);
  const kept = new Map<string, Promise<string | null>>();
  let gained = 0;
  await eachLimited(rows, AT_ONCE, async (row) => {
    const url = row.imageUrl!;
    if (!kept.has(url)) {
      kept.set(
        url,
        pictures.adopt(url).then(async (path) => {
          await pictures.prepare(path, "artwork");
          return path;
        }),
      );
    }
    const path = await kept.get(url)!;
    await updateEpisode(db, row.id, { imagePath: path, imageSourceUrl: url });
    if (path) gained++;
  });
  return gained;
}
