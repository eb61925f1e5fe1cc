import type { FeedStatus } from "../../../shared/api";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db } from "../../platform/db/client";
import type { ServerKey } from "../../../shared/locales/parts";
import { AppError, words } from "../../platform/http/errors";
import { FeedParseError } from "./feed-text";
import type { FeedNote, NoteText } from "./notes";
import type { FeedWorkers } from "./workers";
import type { Logger } from "../../platform/runtime/logger";
import { FetchError, safeFetch } from "../../platform/net/safe-fetch";
import {
  claimDueLinkedFiles,
  countPendingLinkedFiles,
  keptImageFor,
  noteSkipped,
  recordExtra,
  type ClaimedExtra,
  type ExtraKind,
  type ExtraOutcome,
} from "./storage";
import { claimDuePictures, countPendingPictures, recordPicture } from "../people";
import type { StoredChapter } from "./transcripts";
import type { PicturesService } from "../pictures";
import type { UploadsService } from "../pictures";

/** Files taken per kind per round, fetched `AT_ONCE` at a time; each round's results saved in one write. */
const PER_ROUND = 8;
const AT_ONCE = 4;
const LIMITS = { transcript: 5 * 1024 * 1024, chapters: 1024 * 1024, image: 5 * 1024 * 1024 } as const;

/** After this many failed tries a file is given up on, until its address changes. */
const MAX_FAILURES = 10;
/** Chapter pictures kept per episode: past it, the chapters show without theirs. */
const MAX_CHAPTER_IMAGES = 30;
/** A file given up on, named for the owner with its episode's title. */
const WHAT = {
  transcript: "feedReport.transcriptOf",
  chapters: "feedReport.chaptersOf",
  image: "feedReport.artworkOf",
} as const satisfies Record<ExtraKind, ServerKey>;

/** The wait after the n-th failure: 2, 4, 8... minutes, at most a day. */
const retryDelayMinutes = (failures: number) => Math.min(2 ** failures, 24 * 60);

export interface FeedLinkedFiles {
  /** Starts fetching what is due, in the background (a run already going takes the new work too). */
  kick(): void;
  /** Resolves when the current run (if any) has ended; for tests and shutdown. */
  idle(): Promise<void>;
  progress(): Promise<FeedStatus["extras"]>;
  /** Ends the runs (the file in hand is finished, no new one is taken). */
  close(): Promise<void>;
  /** Another show's channel artwork, kept here with the show artwork's sizes made, for the owner to take (null: no picture there). */
  keepShowArtwork(url: string): Promise<string | null>;
}

export interface FeedLinkedFilesDeps {
  db: Db;
  writes: SiteWrites;
  workers: FeedWorkers;
  uploads: UploadsService;
  pictures?: PicturesService;
  allowPrivate: boolean;
  logger?: Logger;
  /** Time limit of one file's fetch (20 s); tests make it small. */
  timeoutMs?: number;
}

/** Reasons that will not change by asking again: the address is refused, the file too big, or not what it says. */
const isFinal = (err: unknown) =>
  err instanceof FeedParseError ||
  (err instanceof FetchError &&
    (err.reason === "address" || err.reason === "scheme" || err.reason === "too-large" || err.reason === "redirects"));

/** The outcome of a file given up on: kept as read (nothing), so it is not asked for again until its address changes. */
const givenUp = (kind: ExtraKind): ExtraOutcome =>
  kind === "transcript" ? { kind, transcript: null, text: "" } : kind === "chapters" ? { kind, chapters: null } : { kind, imagePath: null };
/** When a file that failed for the n-th time is tried again. */
const retryAt = (failures: number) => new Date(Date.now() + retryDelayMinutes(failures) * 60_000);
/** A failure in words for the owner: the fetcher's or the reader's, or another error's own text, at most 300 characters. */
const why = (err: unknown): NoteText =>
  err instanceof FetchError || err instanceof FeedParseError || err instanceof AppError
    ? err.words
    : err instanceof Error
      ? err.message.slice(0, 300)
      : words("feedReport.unreadable");

/**
 * How each file is fetched and kept: transcripts and chapters read in the feed worker, images
 * stored and their sizes made. Images are fetched once per address until `forgetImages`, and
 * what is left out is noted for the owner from `beginRound` to `roundNotes`.
 */
function createFileFetchers({
  db,
  workers,
  uploads,
  pictures,
  allowPrivate,
  logger,
  timeoutMs,
}: Required<Pick<FeedLinkedFilesDeps, "timeoutMs">> & FeedLinkedFilesDeps) {
  const fetchBytes = async (url: string, kind: ExtraKind) => {
    const res = await safeFetch(url, { maxBytes: LIMITS[kind], timeoutMs, allowPrivate, accept: kind === "image" ? "image/*" : "*/*" });
    return res.status === "ok" ? res.body : Buffer.alloc(0);
  };

  /**
   * One image address, fetched once however many episodes name it in a round, kept here and its
   * sizes made for `kind` (episodes' artwork; chapters' and people's pictures are photos).
   */
  const images = new Map<string, Promise<string | null>>();
  const keepImage = (url: string, kind: "artwork" | "photo" = "artwork") => {
    let job = images.get(`${kind}:${url}`);
    if (!job) {
      job = (async () => {
        const kept = kind === "artwork" ? await keptImageFor(db, url) : null;
        if (kept) return kept;
        const path = await uploads.storeImage(await fetchBytes(url, "image"));
        if (!path) throw new FeedParseError(words("feedReport.notImage"));
        await pictures?.prepare(path, kind);
        return path;
      })();
      images.set(`${kind}:${url}`, job);
    }
    return job;
  };
  /** Notes for the owner, gathered in a round and added to the last sync's result once. */
  let notes: FeedNote[] = [];

  /**
   * A chapters file's pictures, kept here (never linked to): the first MAX_CHAPTER_IMAGES
   * addresses; one that fails leaves its chapter without a picture, and the owner is told.
   */
  const keepChapterImages = async (chapters: StoredChapter[], title: string): Promise<StoredChapter[]> => {
    const addresses = [...new Set(chapters.map((c) => c.img).filter((u): u is string => !!u))];
    const kept = new Map<string, string | null>();
    for (const url of addresses.slice(0, MAX_CHAPTER_IMAGES)) {
      try {
        kept.set(url, await keepImage(url, "photo"));
      } catch (err) {
        kept.set(url, null);
        notes.push({ title: words("feedReport.chapterPictureOf", { title }), reason: why(err) });
      }
    }
    if (addresses.length > MAX_CHAPTER_IMAGES)
      notes.push({
        title: words("feedReport.chaptersOf", { title }),
        reason: words("feedReport.chapterPictureLimit", { kept: MAX_CHAPTER_IMAGES, count: addresses.length }),
      });
    return chapters.map((c) => ({ ...c, image: c.img ? (kept.get(c.img) ?? null) : null }));
  };

  /** One episode's file, fetched and read; a failure is tried again later, or given up on (and the owner told). */
  const fetchOne = async (kind: ExtraKind, file: ClaimedExtra): Promise<ExtraOutcome> => {
    try {
      if (kind === "transcript") {
        const { transcript, text } = await workers.parseTranscript(await fetchBytes(file.url, kind), file.type ?? "");
        return { kind, transcript, text };
      }
      if (kind === "chapters")
        return { kind, chapters: await keepChapterImages(await workers.parseChapters(await fetchBytes(file.url, kind)), file.title) };
      return { kind, imagePath: await keepImage(file.url) };
    } catch (err) {
      const failures = file.failures + 1;
      logger?.info({ episode: file.id, kind, url: file.url, failures, err: (err as Error).message }, "an episode's file was not read");
      // Given up on: kept as read (nothing), so it is not asked for again until its address changes.
      if (isFinal(err) || failures >= MAX_FAILURES) {
        notes.push({ title: words(WHAT[kind], { title: file.title }), reason: why(err) });
        return givenUp(kind);
      }
      return { kind, failed: true, failures, retryAt: retryAt(failures) };
    }
  };

  /** A person's picture: kept here, or failed (tried again later, given up after MAX_FAILURES). */
  const fetchPicture = async (person: { id: number; url: string; name: string; failures: number }) => {
    try {
      return { imagePath: await keepImage(person.url, "photo") };
    } catch (err) {
      const failures = person.failures + 1;
      if (isFinal(err) || failures >= MAX_FAILURES) {
        notes.push({ title: words("feedReport.pictureOf", { name: person.name }), reason: why(err) });
        return { imagePath: null };
      }
      return { failures, retryAt: retryAt(failures) };
    }
  };

  return {
    fetchOne,
    fetchPicture,
    /** Starts a round's notes afresh. */
    beginRound: () => void (notes = []),
    /** What the round left out, for the owner. */
    roundNotes: () => notes,
    /** Forgets the images fetched so far: the next run fetches them again. */
    forgetImages: () => images.clear(),
  };
}

/** What is due of each kind of episode file, and the people's pictures that are due. */
async function claimDue(db: Db) {
  const claimed = (
    await Promise.all(
      (["transcript", "chapters", "image"] as const).map(async (kind) =>
        (await claimDueLinkedFiles(db, kind, PER_ROUND)).map((file) => ({ kind, file })),
      ),
    )
  ).flat();
  return { claimed, portraits: await claimDuePictures(db, PER_ROUND) };
}

/**
 * Transcripts, chapters and episode artwork the feed names, fetched after the sync has answered
 * (docs/decisions/009-feed-sync.md): each file on its own, read in the feed worker, kept with
 * its episode (so its page carries it in the served HTML, and visitors' browsers ask no other
 * host for a picture). A failure waits longer after each try (retryDelayMinutes) and holds back
 * no other file; a refusal that will not change marks the file as tried for its address.
 */
export function createFeedLinkedFiles(deps: FeedLinkedFilesDeps): FeedLinkedFiles {
  const { db, writes, logger } = deps;
  const { fetchOne, fetchPicture, beginRound, roundNotes, forgetImages } = createFileFetchers({
    ...deps,
    timeoutMs: deps.timeoutMs ?? 20_000,
  });
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** One round: what is due of each kind, fetched; the results saved in one write. Whether there was any. */
  const round = async (): Promise<boolean> => {
    beginRound();
    const { claimed, portraits } = await claimDue(db);
    if (claimed.length === 0 && portraits.length === 0) return false;
    const results: { file: ClaimedExtra; outcome: ExtraOutcome }[] = [];
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift())
          results.push({ file: next.file, outcome: await fetchOne(next.kind, next.file) });
      }),
    );
    const pictured: { person: (typeof portraits)[number]; outcome: Awaited<ReturnType<typeof fetchPicture>> }[] = [];
    for (const person of portraits) pictured.push({ person, outcome: await fetchPicture(person) });
    await writes.run(async (tx) => {
      for (const { file, outcome } of results) await recordExtra(tx, file.id, file.url, outcome);
      for (const { person, outcome } of pictured) await recordPicture(tx, person.id, person.url, outcome);
      await noteSkipped(tx, roundNotes());
    });
    return true;
  };

  const loop = async () => {
    try {
      do {
        again = false;
        forgetImages();
        while (!closed && (await round()));
      } while (again && !closed);
    } catch (err) {
      logger?.warn({ err: (err as Error).message }, "fetching episodes' files stopped; it starts again with the next sync");
    } finally {
      forgetImages();
      running = null;
    }
  };

  return {
    kick() {
      if (closed) return;
      if (running) again = true;
      else running = loop();
    },
    async idle() {
      while (running) await running;
    },
    async progress() {
      const [counts, pictures] = await Promise.all([countPendingLinkedFiles(db), countPendingPictures(db)]);
      return { ...counts, pictures: pictures.pending, failing: counts.failing + pictures.failing, running: running !== null };
    },
    async close() {
      closed = true;
      await running;
    },
    async keepShowArtwork(url) {
      const { pictures } = deps;
      const artwork = (await pictures?.adopt(url)) ?? null;
      // As the show's artwork is used: the site's icon is made from it too (identity's images).
      if (artwork) for (const kind of ["artwork", "icon"] as const) await pictures?.prepare(artwork, kind);
      return artwork;
    },
  };
}
