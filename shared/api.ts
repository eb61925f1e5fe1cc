import { z } from "zod";
import { isHttpUrl, isSpotifyEmbedUrl, isYouTubeEmbedUrl } from "./embeds";
import { toSpotifyEmbedUrl, toYouTubeEmbedUrl } from "./pasted-links";
import { ARCHIVE_PAGE_SIZE, HOME_EPISODE_COUNT } from "./archive";
import { SETTING_KEYS } from "./settings";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug";

/** Limits shared by forms and server (docs/product.md §5, §9). */
export const LIMITS = {
  title: 200,
  name: 100,
  url: 2_000,
  icon: 2_000,
  description: 5_000,
  showNotes: 100_000,
  content: 100_000,
  keyQuote: 200,
  metaDescription: 160,
  slug: SLUG_MAX_LENGTH,
  email: 320,
  password: 1_024,
  auditionPassword: 200,
  userAgent: 500,
  uploadBytes: 5_242_880,
} as const;

/** PostgreSQL text cannot hold NUL, and no field has a use for it. */
const noNul = (s: string) => !s.includes("\u0000");
const text = (max: number) =>
  z.preprocess((v) => (v == null ? "" : v), z.string().trim().max(max, "validation.tooLong").refine(noNul, "validation.noNul"));
const requiredText = (max: number) =>
  z.string().trim().min(1, "validation.required").max(max, "validation.tooLong").refine(noNul, "validation.noNul");

const slug = z.preprocess(
  (v) => (v == null ? "" : typeof v === "string" ? v.trim() : v),
  z
    .string()
    .max(LIMITS.slug, "validation.tooLong")
    .refine((s) => s === "" || SLUG_PATTERN.test(s), "validation.slugCharacters"),
);

/** sortOrder is an integer or a numeric string (docs/product.md "API"). */
const sortOrderSchema = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: "validation.wholeNumber" }).int("validation.wholeNumber").min(0).max(1_000_000_000),
);

export const idParamSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const loginSchema = z.strictObject({
  email: z.string().trim().min(1, "validation.required").max(LIMITS.email).refine(noNul, "validation.noNul"),
  password: z.string().min(1, "validation.required").max(LIMITS.password, "validation.isTooLong").refine(noNul, "validation.noNul"),
});

/** A code pasted from an e-mail often brings spaces along; the prefix itself has none. */
export const unlockSchema = z.strictObject({
  password: z.string().max(LIMITS.auditionPassword, "validation.isTooLong").trim().refine(noNul, "validation.noNul"),
});

export const accessLogSchema = z.strictObject({
  password: z.string().max(LIMITS.auditionPassword).refine(noNul, "validation.noNul").optional(),
  success: z.boolean(),
  userAgent: text(LIMITS.userAgent).optional(),
});

export const settingSchema = z.strictObject({
  key: z.enum(SETTING_KEYS, { error: "validation.unknownSetting" }),
  value: z.preprocess((v) => (v == null ? "" : v), z.string().max(20_000, "validation.isTooLong").refine(noNul, "validation.noNul")),
  /** The version the form was filled from (0: the setting was never saved); see versionSchema. */
  version: z.number().int("validation.wholeNumber").min(0).max(2_147_483_647).optional(),
});

/** Save All (editors page): every setting in one request and one transaction. */
export const settingsBatchSchema = z.strictObject({
  settings: z.array(settingSchema).min(1).max(SETTING_KEYS.length),
});

const httpUrl = z.string().trim().max(LIMITS.url, "validation.tooLong").refine(isHttpUrl, "validation.httpAddress");

/** An image on the web, or one uploaded here (/objects/{id}, or the upload address it came from). */
const httpUrlOrObject = z
  .string()
  .trim()
  .max(LIMITS.url, "validation.tooLong")
  .refine((v) => isHttpUrl(v) || v.startsWith("/objects/") || v.startsWith("/api/objects/uploads/"), "validation.httpAddressOrUpload");

export const providerSchema = z.strictObject({
  name: requiredText(LIMITS.name),
  url: httpUrl,
  icon: requiredText(LIMITS.icon),
  sortOrder: sortOrderSchema.optional(),
});
/**
 * The version of the item the admin's form was filled from: a save that names an older one is
 * refused with STALE (409) instead of overwriting what the admin never saw; a save that names
 * none (the spec's own calls) is taken as before.
 */
const versionSchema = z.number().int("validation.wholeNumber").min(1).max(2_147_483_647);

export const providerUpdateSchema = providerSchema.partial().extend({ version: versionSchema.optional() });

/** A Spotify share link of an episode is taken as its embed address (docs/product.md §5). */
const spotifyUrl = z.preprocess(
  (v) => (typeof v === "string" ? toSpotifyEmbedUrl(v.trim()) : v),
  z.string().max(LIMITS.url, "validation.tooLong").refine(isSpotifyEmbedUrl, "validation.spotifyEmbed"),
);

/** Blank means none: an optional address field of a form arrives as "" when left empty. */
const optionalUrl = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable());

/** An ISO 8601 date and time, or a date alone (a form's date field: noon UTC, the same day everywhere), or none. */
const optionalDateTime = z.preprocess(
  (v) => (typeof v !== "string" ? v : v.trim() === "" ? null : /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T12:00:00.000Z` : v),
  z.iso.datetime({ offset: true, error: "validation.dateTime" }).nullable(),
);

const episodeFields = {
  title: requiredText(LIMITS.title),
  spotifyEmbedUrl: optionalUrl(spotifyUrl),
  audioUrl: optionalUrl(httpUrl),
  description: text(LIMITS.description),
  /** HTML, sanitised by the server with the footer's allowlist. */
  showNotes: text(LIMITS.showNotes),
  publishedAt: optionalDateTime,
  imageUrl: optionalUrl(httpUrlOrObject),
  durationSeconds: z.number().int("validation.wholeNumber").min(0).max(1_000_000).nullable(),
  slug,
  /** What search engines and shared links show of its page; empty: its description. */
  metaDescription: text(LIMITS.metaDescription),
  isPublished: z.boolean(),
  sortOrder: sortOrderSchema,
};

/**
 * An episode as the admin writes it (docs/product.md "The show's feed and episode pages"): a
 * title, and a Spotify embed URL or an audio URL, at least one. An empty slug is made from the
 * title. An update sends only what changes; the server checks the "at least one" rule against
 * what is stored.
 */
export const episodeSchema = z
  .strictObject({
    ...episodeFields,
    spotifyEmbedUrl: episodeFields.spotifyEmbedUrl.optional(),
    audioUrl: episodeFields.audioUrl.optional(),
    description: episodeFields.description.optional(),
    showNotes: episodeFields.showNotes.optional(),
    publishedAt: episodeFields.publishedAt.optional(),
    imageUrl: episodeFields.imageUrl.optional(),
    durationSeconds: episodeFields.durationSeconds.optional(),
    slug: episodeFields.slug.optional(),
    metaDescription: episodeFields.metaDescription.optional(),
    isPublished: episodeFields.isPublished.optional(),
    sortOrder: episodeFields.sortOrder.optional(),
  })
  .refine((e) => !!e.spotifyEmbedUrl || !!e.audioUrl, {
    path: ["audioUrl"],
    error: "validation.needsSomethingToPlay",
  });
export const episodeUpdateSchema = z.strictObject(episodeFields).partial().extend({ version: versionSchema.optional() });

const youTubeUrl = z.preprocess(
  (v) => (typeof v === "string" ? toYouTubeEmbedUrl(v.trim()) : v),
  z.string().max(LIMITS.url, "validation.tooLong").refine(isYouTubeEmbedUrl, "validation.youTubeEmbed"),
);

export const clipSchema = z.strictObject({
  title: requiredText(LIMITS.title),
  youtubeEmbedUrl: youTubeUrl,
  description: text(LIMITS.description).optional(),
  content: text(LIMITS.content).optional(),
  keyQuote: text(LIMITS.keyQuote).optional(),
  slug: slug.optional(),
  metaDescription: text(LIMITS.metaDescription).optional(),
  isPublished: z.boolean().optional(),
  sortOrder: sortOrderSchema.optional(),
});
export const clipUpdateSchema = clipSchema.partial().extend({ version: versionSchema.optional() });

export const swapSchema = z.strictObject({ withId: idParamSchema });

export type LoginInput = z.infer<typeof loginSchema>;
export type ProviderInput = z.infer<typeof providerSchema>;
export type ProviderUpdate = z.infer<typeof providerUpdateSchema>;
export type EpisodeInput = z.infer<typeof episodeSchema>;
export type EpisodeUpdate = z.infer<typeof episodeUpdateSchema>;
export type ClipInput = z.infer<typeof clipSchema>;
export type ClipUpdate = z.infer<typeof clipUpdateSchema>;

/** Response shapes. sortOrder is a string, as the spec's client reads it (docs/product.md §3). */
export interface Provider {
  id: number;
  /** The admin's answers only: the e-mail of the person whose write changed it last (null: the feed, or someone since removed). */
  updatedBy?: string | null;
  name: string;
  url: string;
  icon: string;
  sortOrder: string;
  /** Counts its edits; name it in an update to refuse overwriting a newer one (versionSchema). */
  version: number;
}
type EpisodeSource = "manual" | "feed";
type EpisodeType = "full" | "trailer" | "bonus";
export interface Episode {
  id: number;
  /** The admin's answers only: the e-mail of the person whose write changed it last (null: the feed, or someone since removed). */
  updatedBy?: string | null;
  /** Unique, made from the title like a clip's; the episode's page is /episode/{slug}. */
  slug: string;
  title: string;
  /** Plain text, up to 5,000 characters: the card's and the page's summary. */
  description: string;
  spotifyEmbedUrl: string | null;
  audioUrl: string | null;
  audioType: string | null;
  durationSeconds: number | null;
  /** When the show published it (ISO 8601), from the feed or the admin; null when unknown. */
  publishedAt: string | null;
  imageUrl: string | null;
  /** The artwork kept on this site (/objects/{id}): an upload, or a copy of imageUrl; pages show only this. */
  imagePath: string | null;
  /** Sanitised HTML (the footer's allowlist). Left out of visitors' lists: only the episode's page needs it. */
  showNotes?: string;
  source: EpisodeSource;
  guid: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: EpisodeType;
  link: string | null;
  transcriptUrl: string | null;
  chaptersUrl: string | null;
  /** Where listeners talk about it (the feed's podcast:socialInteract): 'Join the discussion'; null when none or turned off. */
  discussionUrl: string | null;
  /**
   * The owner's words for search engines and shared links (at most 160 characters); "" when the
   * page uses its description. Every answer of the API has it.
   */
  metaDescription: string;
  isPublished: boolean;
  sortOrder: string;
  createdAt: string;
  updatedAt: string;
  /** Counts the changes of what the admin's form shows, by the admin or a sync (versionSchema). */
  version: number;
  /** Admin only: fields changed by hand, which a feed sync leaves alone. */
  editedFields?: string[];
  /** Only in single-episode answers: the transcript and chapters, fetched at sync. */
  transcript?: TranscriptParagraph[] | null;
  /**
   * Set on an episode's page when it carries only the first part of a long transcript (a page's
   * weight is bounded); GET /api/episodes/slug/{slug} has all of it.
   */
  transcriptCut?: boolean;
  chapters?: Chapter[] | null;
  /** Only in single-episode answers: who is in it (its item's people, else the show's), in the feed's order. */
  people?: EpisodePerson[];
}

/** A person the feed names (podcast:person) in an episode or the show; their page is /people/{slug}. */
export interface EpisodePerson {
  slug: string;
  name: string;
  /** As the feed names it, lower case: "host", "guest", "producer"... */
  role: string;
  /** The role's group, lower case: "cast", "writing"... */
  group: string;
  /** Their picture as the site keeps it (/objects/{id}), never the feed's address; null until fetched or when there is none. */
  imagePath: string | null;
  /** Their own page elsewhere (http or https), or null. */
  href: string | null;
}

/** GET /api/people/slug/{slug}: a person's page, with every published episode they are in, newest first. */
export interface PersonPage {
  person: Omit<EpisodePerson, "role" | "group"> & {
    /** Every role they have on the show ("host", "guest"), most frequent first. */
    roles: string[];
  };
  episodes: Episode[];
}
export interface Clip {
  id: number;
  /** The admin's answers only: the e-mail of the person whose write changed it last (null: the feed, or someone since removed). */
  updatedBy?: string | null;
  slug: string;
  title: string;
  description: string;
  content: string;
  keyQuote: string;
  youtubeEmbedUrl: string;
  /** The video's thumbnail kept on this site (/objects/{id}), once fetched; the facade shows it. */
  posterPath: string | null;
  metaDescription: string;
  isPublished: boolean;
  sortOrder: string;
  createdAt: string;
  updatedAt: string;
  /** Counts its edits (versionSchema). */
  version: number;
}
/**
 * A clip in a list. A visitor's list leaves the article out (up to 100,000 characters each; only
 * the clip page shows it); the admin's list keeps it, for the edit form.
 */
export type ClipListItem = Omit<Clip, "content"> & { content?: string };
export interface Setting {
  key: string;
  value: string;
  /** In the admin's answers: how many times it was saved (0: never), for optimistic concurrency. */
  version?: number;
}
export interface CurrentUser {
  username: string;
  isAdmin: boolean;
  /** What this person may do (shared/access.ts). */
  role: "owner" | "editor";
}
export interface AccessLogEntry {
  id: number;
  success: boolean;
  /** The candidate's number (the digits after the prefix) when the try succeeded; never the prefix. */
  code: string | null;
  userAgent: string;
  createdAt: string;
}
export type { ApiErrorBody } from "./errors";

/** What a feed sync did (POST /api/feed/sync; docs/product.md "The show's feed and episode pages"). */
export interface FeedSyncResult {
  added: number;
  updated: number;
  unchanged: number;
  /** Items left out, each with a reason the owner can act on ("no audio file"). */
  skipped: { title: string; reason: string }[];
  feedTitle: string;
}

/** GET /api/feed/status. Times are ISO 8601; nextSyncAt is null when the schedule is off or no feed is set. */
export interface FeedStatus {
  url: string | null;
  lastSyncAt: string | null;
  lastResult: FeedSyncResult | null;
  lastError: string | null;
  nextSyncAt: string | null;
  /**
   * The host says the show has moved (itunes:new-feed-url, or a permanent redirect) to `url`:
   * the site keeps reading the owner's address until the owner takes the new one
   * (POST /api/feed/move). `problem`: why the new address does not work yet, or null.
   */
  move: { url: string; problem: string | null } | null;
  /**
   * The episodes' files (transcripts, chapters, artwork) and people's pictures still to fetch in the
   * background; `failing`: of them, those that failed before.
   */
  extras: { transcripts: number; chapters: number; artwork: number; pictures: number; failing: number; running: boolean };
  /** The address set has never been synced: before the first sync, the owner is asked whether new episodes go live at once. */
  neverSynced: boolean;
  /**
   * Feed episodes that the feed at `url` does not carry: a previous feed's, after the address
   * was changed to another show's (POST /api/feed/previous-episodes/delete removes them; the
   * owner's own episodes are never among them). 0 until the new address has been synced.
   */
  previousFeedEpisodes: number;
}

/** A paragraph of an episode's transcript: who speaks, from when (seconds; null when untimed). */
export interface TranscriptParagraph {
  start: number | null;
  speaker: string | null;
  text: string;
}

/**
 * A chapter of an episode: from when (seconds), its title, a link when the feed gives one, and its
 * picture once the site keeps a copy (/objects/{id}; never the chapters file's address).
 */
export interface Chapter {
  start: number;
  title: string;
  url: string | null;
  image?: string | null;
}

/** POST /api/episodes/bulk: many episodes at once, all or nothing (docs/product.md "The owner's work"). */
export const episodeBulkSchema = z.strictObject({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1, "validation.noEpisodesNamed").max(20_000, "validation.tooManyEpisodes"),
  action: z.enum(["publish", "unpublish", "delete"], { error: "validation.bulkAction" }),
});
export type EpisodeBulkInput = z.infer<typeof episodeBulkSchema>;

/** The admin's episodes screen: GET /api/episodes/admin?q=&status=&source=&season=&page=. */
export const adminEpisodeQuerySchema = z.object({
  q: z.preprocess((v) => (v === undefined ? "" : v), z.string().trim().max(200, "validation.tooLong").refine(noNul, "validation.noNul")),
  status: z.preprocess((v) => (v === undefined || v === "" ? "all" : v), z.enum(["all", "draft", "published"])),
  source: z.preprocess((v) => (v === undefined || v === "" ? "all" : v), z.enum(["all", "feed", "manual"])),
  season: z.preprocess((v) => (v === undefined || v === "" ? null : v), z.coerce.number().int().min(0).max(100_000).nullable()),
  page: z.preprocess(
    (v) => (v === undefined || v === "" ? 1 : v),
    z.coerce.number({ error: "validation.wholeNumber" }).int().min(1).max(100_000),
  ),
});
export type AdminEpisodeQuery = z.infer<typeof adminEpisodeQuerySchema>;
export const ADMIN_EPISODE_PAGE_SIZE = 50;

/** A page of the admin's episodes screen; `matchingIds`: every episode the filters match, in order, for "select all". */
export interface AdminEpisodePage {
  episodes: Episode[];
  page: number;
  pageCount: number;
  total: number;
  matchingIds: number[];
  /** The seasons the show has, for the filter. */
  seasons: number[];
}

/** A feed episode the owner deleted (GET /api/feed/deleted): a sync leaves its item out until it is restored. */
export interface DeletedFeedEpisode {
  id: number;
  title: string;
  publishedAt: string | null;
  deletedAt: string;
}

/** GET /api/episodes/archive?page=N&q=words&size=12|20. */
export const archiveQuerySchema = z.object({
  page: z.preprocess(
    (v) => (v === undefined || v === "" ? 1 : v),
    z.coerce.number({ error: "validation.wholeNumber" }).int().min(1).max(100_000),
  ),
  q: z.preprocess((v) => (v === undefined ? "" : v), z.string().trim().max(200, "validation.tooLong").refine(noNul, "validation.noNul")),
  size: z.preprocess(
    (v) => (v === undefined || v === "" ? ARCHIVE_PAGE_SIZE : v),
    z.coerce.number().pipe(z.union([z.literal(ARCHIVE_PAGE_SIZE), z.literal(HOME_EPISODE_COUNT)])),
  ),
  /** The archive narrowed to one season (podcast:season or itunes:season); none: every episode. */
  season: z.preprocess(
    (v) => (v === undefined || v === "" ? null : v),
    z.coerce.number({ error: "validation.wholeNumber" }).int("validation.wholeNumber").min(0).max(100_000).nullable(),
  ),
});
export type ArchiveQuery = z.infer<typeof archiveQuerySchema>;

export interface ArchiveEpisode extends Episode {
  /**
   * With a search: the title and a snippet, the matched words between MATCH_START and MATCH_END;
   * `at`: when the snippet is from the transcript, the second its paragraph starts (else null).
   */
  match: { title: string; snippet: string; at: number | null } | null;
}

/** The home page's strip: the first published episodes in the admin's order, and how many there are. */
export interface LatestEpisodes {
  episodes: Episode[];
  total: number;
  /** The show's newest published trailer (itunes:episodeType trailer): where a new listener starts. */
  trailer: Episode | null;
}

/** One page of published episodes, newest first, or a search's matches, best first. */
export interface EpisodeArchivePage {
  episodes: ArchiveEpisode[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
  query: string;
  /** The season the page is narrowed to, or null. */
  season: number | null;
  /** The seasons the published episodes have, for narrowing the archive; empty when the show has none. */
  seasons: number[];
}
