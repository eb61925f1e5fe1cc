import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  primaryKey,
  json,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  customType,
  date,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type; only the database writes it (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** Raw bytes (a visitor's 16-byte keyed hash). */
const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/** When a row was made and last changed. */
const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A picture kept here (/objects/{id}), an upload or a copy fetched at sync from the row's
 * image_url: the address the copy came from (another image_url means fetch again), and the
 * failed tries since that address last changed with when the next may be made.
 */
const keptPicture = () => ({
  imagePath: text("image_path"),
  imageSourceUrl: text("image_source_url"),
  imageFailures: integer("image_failures").notNull().default(0),
  imageRetryAt: timestamp("image_retry_at", { withTimezone: true }),
});

/** The single admin account (docs/product.md "Auth"). */
export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** `owner` (everything) or `editor` (the content, not the people, backup, feed address or theme); the first account is an owner. */
  role: text("role").notNull().default("owner"),
  ...timestamps(),
});

/**
 * An owner's invitation to a new person: the link's token is kept only as its SHA-256 hash, valid
 * 7 days, used once (`accepted_at`); docs/product.md "People with access".
 */
export const invitations = pgTable("invitations", {
  id: serial("id").primaryKey(),
  email: text("email").notNull(),
  role: text("role").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The language a signed-in person chose for the admin area; without a row, the site's language. */
export const userLanguages = pgTable("user_languages", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  language: text("language").notNull(),
  ...timestamps(),
});

/** Sessions, in the layout connect-pg-simple reads and writes. */
export const sessions = pgTable(
  "session",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
  },
  (t) => [index("session_expire_idx").on(t.expire)],
);

/**
 * `version` counts the writes of a key: a save that names an older one is refused (409), so two
 * tabs never overwrite each other silently (docs/product.md "The owner's work").
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  version: integer("version").notNull().default(1),
});

export const providers = pgTable("providers", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  icon: text("icon").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Counts the edits, for the admin's optimistic concurrency (see settings). */
  version: integer("version").notNull().default(1),
  /** The person whose admin write changed it last (null: the feed, or a person since removed). */
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * Episodes, typed in by the owner (`source` "manual") or imported from the show's feed ("feed")
 * (docs/product.md "The show's feed and episode pages"). An episode has a Spotify embed URL or an
 * audio URL, at least one. `slug` is set on every write; an episode from before slugs existed
 * gets one at start-up. A feed item is the same episode across syncs by `guid`, else by
 * `enclosure_key` (the audio URL without scheme, query or fragment), else by title.
 * `edited_fields` names the fields the owner changed by hand, which a sync never overwrites
 * (docs/decisions/009-feed-sync.md).
 */
export const episodes = pgTable(
  "episodes",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    spotifyEmbedUrl: text("spotify_embed_url"),
    isPublished: boolean("is_published").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps(),
    slug: text("slug"),
    source: text("source", { enum: ["manual", "feed"] })
      .notNull()
      .default("manual"),
    guid: text("guid"),
    enclosureKey: text("enclosure_key"),
    audioUrl: text("audio_url"),
    audioType: text("audio_type"),
    audioLength: bigint("audio_length", { mode: "number" }),
    durationSeconds: integer("duration_seconds"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    imageUrl: text("image_url"),
    showNotes: text("show_notes").notNull().default(""),
    seasonNumber: integer("season_number"),
    episodeNumber: integer("episode_number"),
    episodeType: text("episode_type", { enum: ["full", "trailer", "bonus"] })
      .notNull()
      .default("full"),
    link: text("link"),
    transcriptUrl: text("transcript_url"),
    transcriptType: text("transcript_type"),
    chaptersUrl: text("chapters_url"),
    editedFields: text("edited_fields")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Counts the changes of what the admin's form shows (by the admin or by a sync): a save that
     * names an older version is refused (409) instead of overwriting what it never saw.
     */
    version: integer("version").notNull().default(1),
    /** The person whose admin write changed it last (null: the feed, or a person since removed). */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    /** A hash of what the feed last said of this item: an unchanged item is skipped at once. */
    feedHash: text("feed_hash"),
    /** The feed address whose sync last carried this item: one that is not rss_url's came from a previous feed. */
    feedUrl: text("feed_url"),
    /** The transcript as timed paragraphs ({start, speaker, text}), fetched from transcript_url at sync. */
    transcript: jsonb("transcript"),
    /** The transcript's words, for search. */
    transcriptText: text("transcript_text").notNull().default(""),
    /** The address the stored transcript came from; another transcript_url means fetch again. */
    transcriptSourceUrl: text("transcript_source_url"),
    /** Chapters ({start, title, url}), fetched from chapters_url at sync. */
    chapters: jsonb("chapters"),
    chaptersSourceUrl: text("chapters_source_url"),
    /** The item's podcast:socialInteract address (none when the feed turns comments off): 'Join the discussion'. */
    discussionUrl: text("discussion_url"),
    /** What search engines and shared links show of its page (at most 160 characters); empty: its description is used. The feed never sets it. */
    metaDescription: text("meta_description").notNull().default(""),
    /** The artwork kept here: an upload, or a copy of image_url fetched at sync. */
    ...keptPicture(),
    /**
     * Per file (transcript, chapters; the artwork as above): failed tries since its address last changed, and
     * when the next may be made (growing waits), so a host that is down holds back no other file.
     */
    transcriptFailures: integer("transcript_failures").notNull().default(0),
    transcriptRetryAt: timestamp("transcript_retry_at", { withTimezone: true }),
    chaptersFailures: integer("chapters_failures").notNull().default(0),
    chaptersRetryAt: timestamp("chapters_retry_at", { withTimezone: true }),
    /**
     * What /archive searches: the title first, then description and notes, then the transcript
     * (English stemming: "learning" finds "learn"). The database keeps it up to date.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('podcast', coalesce(${episodes.title}, '')), 'A') || setweight(to_tsvector('podcast', coalesce(${episodes.description}, '') || ' ' || coalesce(${episodes.showNotes}, '')), 'B') || setweight(to_tsvector('podcast', coalesce(${episodes.transcriptText}, '')), 'C')`,
    ),
  },
  (t) => [
    index("episodes_published_order_idx").on(t.isPublished, t.sortOrder),
    uniqueIndex("episodes_slug_key").on(t.slug),
    uniqueIndex("episodes_guid_key").on(t.guid),
    index("episodes_enclosure_key_idx").on(t.enclosureKey),
    index("episodes_search_idx").using("gin", t.searchVector),
    index("episodes_published_date_idx").on(t.isPublished, t.publishedAt),
    check("episodes_has_media", sql`${t.spotifyEmbedUrl} IS NOT NULL OR ${t.audioUrl} IS NOT NULL`),
  ],
);

/**
 * Feed episodes the owner deleted, by what identifies their item in the feed, so a sync never
 * brings them back (docs/product.md "The owner's work"); the owner can restore one.
 */
export const deletedFeedEpisodes = pgTable(
  "deleted_feed_episodes",
  {
    id: serial("id").primaryKey(),
    guid: text("guid"),
    enclosureKey: text("enclosure_key"),
    title: text("title").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deleted_feed_episodes_guid_idx").on(t.guid), index("deleted_feed_episodes_enclosure_idx").on(t.enclosureKey)],
);

/**
 * The feed's sync state, one row: the validators of the last answer (for a conditional GET), a
 * hash of the last body (an unchanged feed is not parsed again), when the last sync was tried and
 * finished, and what it found. Not content: a backup leaves it out, and the next sync rebuilds it.
 */
export const feedSync = pgTable("feed_sync", {
  id: integer("id").primaryKey().default(1),
  url: text("url"),
  etag: text("etag"),
  lastModified: text("last_modified"),
  bodyHash: text("body_hash"),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
  lastResult: jsonb("last_result"),
  lastError: text("last_error"),
  itemCount: integer("item_count").notNull().default(0),
  channelImageUrl: text("channel_image_url"),
  /**
   * Where the feed says the show has moved (itunes:new-feed-url, or a permanent redirect), while
   * the owner has not taken it: rss_url changes only when the owner says so, since a private
   * feed's address must not become public by a move. `moveError` is why the new address does not
   * work yet (null once it answers with a podcast feed).
   */
  movedTo: text("moved_to"),
  moveError: text("move_error"),
});

export const clips = pgTable(
  "clips",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    content: text("content").notNull().default(""),
    keyQuote: text("key_quote").notNull().default(""),
    youtubeEmbedUrl: text("youtube_embed_url").notNull(),
    /** The video's thumbnail, fetched by the server and kept here (/objects/{id}), so a visitor asks YouTube for nothing before pressing play. */
    posterPath: text("poster_path"),
    /** The video the poster is of; another video means fetch again. */
    posterVideoId: text("poster_video_id"),
    metaDescription: text("meta_description").notNull().default(""),
    isPublished: boolean("is_published").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps(),
    /** Counts the edits, for the admin's optimistic concurrency (see settings). */
    version: integer("version").notNull().default(1),
    /** The person whose admin write changed it last (null: the feed, or a person since removed). */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("clips_published_order_idx").on(t.isPublished, t.sortOrder)],
);

/**
 * One row per audition try. `code` holds, when the try succeeded, the candidate's number (the
 * digits after the prefix), never the prefix, which is the audition's secret; the text of a
 * failed try is never stored (docs/product.md "Audition").
 */
export const editorAccessLog = pgTable("editor_access_log", {
  id: serial("id").primaryKey(),
  success: boolean("success").notNull(),
  code: text("code"),
  userAgent: text("user_agent").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded objects. A row is created `pending` when an upload address is handed out; the PUT
 * of the bytes makes it `complete` exactly once, before `expires_at`.
 */
export const objects = pgTable("objects", {
  id: uuid("id").primaryKey(),
  status: text("status", { enum: ["pending", "complete"] })
    .notNull()
    .default("pending"),
  contentType: text("content_type"),
  size: integer("size"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  /**
   * The kinds of picture (shared/pictures.ts) the object is put to use as: only their sizes are
   * made for a visitor (docs/decisions/010-owner-images.md).
   */
  usedFor: text("used_for")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

/** Counters of rate-limiter-flexible's PostgreSQL store (login and audition throttling), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/**
 * The people a feed names (podcast:person, docs/product.md "Listening"): one row per person, the
 * same person across items by `name_key` (the name in NFKC, lower case, spaces collapsed). Their
 * picture is fetched and kept here like an episode's artwork (image_path), never linked to.
 */
export const people = pgTable(
  "people",
  {
    id: serial("id").primaryKey(),
    nameKey: text("name_key").notNull(),
    name: text("name").notNull(),
    /** The person's page is /people/{slug}. */
    slug: text("slug").notNull(),
    href: text("href"),
    imageUrl: text("image_url"),
    ...keptPicture(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("people_name_key_key").on(t.nameKey), uniqueIndex("people_slug_key").on(t.slug)],
);

/** Who is in an episode, as its item names them, in the feed's order, each with their role and group. */
export const episodePeople = pgTable(
  "episode_people",
  {
    episodeId: integer("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    group: text("group_name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.episodeId, t.position] }), index("episode_people_person_idx").on(t.personId)],
);

/** The show's people, as its channel names them: every episode's whose item names none. */
export const showPeople = pgTable("show_people", {
  position: integer("position").primaryKey(),
  personId: integer("person_id")
    .notNull()
    .references(() => people.id, { onDelete: "cascade" }),
  role: text("role").notNull(),
  group: text("group_name").notNull(),
});

/**
 * Slugs a clip or an episode had before the admin changed it: the old address answers 301 with
 * the new one (docs/product.md "Listening"), until another item of the kind takes the slug.
 */
export const slugHistory = pgTable(
  "slug_history",
  {
    kind: text("kind", { enum: ["episode", "clip"] }).notNull(),
    slug: text("slug").notNull(),
    itemId: integer("item_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] }), index("slug_history_item_idx").on(t.kind, t.itemId)],
);

/**
 * Audition hand-ins (docs/product.md "Audition hand-in"). A row is `uploading` from the start of
 * its upload (its declared size counts against the quota from then on) and `complete` once the
 * file is checked; an upload still unfinished at `expires_at` is removed with its parts. `code`
 * is the candidate's number (the digits after the audition prefix), never the prefix.
 */
export const auditions = pgTable(
  "auditions",
  {
    id: uuid("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    notes: text("notes").notNull().default(""),
    fileName: text("file_name").notNull(),
    /** The size the browser declared; the parts are cut to it, so the file is never larger. */
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type"),
    durationSeconds: integer("duration_seconds"),
    /** "completing": the parts are being joined and checked; no part is taken any more. */
    uploadState: text("upload_state", { enum: ["uploading", "completing", "complete"] })
      .notNull()
      .default("uploading"),
    status: text("status", { enum: ["new", "shortlisted", "declined"] })
      .notNull()
      .default("new"),
    /** The store's id of the multipart upload (the bucket's, or the local store's). */
    uploadId: text("upload_id").notNull(),
    partSize: integer("part_size").notNull(),
    /** Parts the server took itself (local store): part number → ETag. */
    parts: jsonb("parts")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** SHA-256 of the token the candidate's browser presents with each request of the upload. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The network that started the upload (IPv4 address or IPv6 /64): at most two uploads under way each. */
    network: text("network"),
    /** When a part last arrived (or, for the bucket, when its parts were last seen growing): idle after 15 minutes. */
    lastPartAt: timestamp("last_part_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** The bytes last seen stored for an upload under way: the owner's "bytes so far", and how the bucket's progress is noticed. */
    receivedBytes: bigint("received_bytes", { mode: "number" }).notNull().default(0),
    /** When completing began: a completion that never ended (a crash) is swept after a while. */
    completingAt: timestamp("completing_at", { withTimezone: true }),
  },
  (t) => [
    index("auditions_code_idx").on(t.code),
    index("auditions_completed_idx").on(t.completedAt),
    index("auditions_network_idx").on(t.network),
  ],
);
/**
 * Messages from listeners (docs/product.md "Messages"). A written message arrives with its POST; a
 * voice message is `waiting` for its recording until `upload_expires_at` (an hour), `receiving`
 * while its bytes arrive, `refused` when they were not accepted, and `arrived` once checked: only
 * arrived ones are listed, and the rest are deleted after their hour. `network_key` is a keyed
 * hash of the sender's network and the UTC day (never an address), cleared after two days.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: ["text", "voice"] }).notNull(),
    state: text("state", { enum: ["waiting", "receiving", "refused", "arrived"] })
      .notNull()
      .default("arrived"),
    status: text("status", { enum: ["new", "played", "archived"] })
      .notNull()
      .default("new"),
    text: text("text"),
    name: text("name"),
    email: text("email"),
    episodeId: integer("episode_id").references(() => episodes.id, { onDelete: "set null" }),
    contentType: text("content_type"),
    size: bigint("size", { mode: "number" }),
    durationSeconds: integer("duration_seconds"),
    /** SHA-256 of the upload address's single-use token; null once used. */
    tokenHash: text("token_hash"),
    uploadExpiresAt: timestamp("upload_expires_at", { withTimezone: true }),
    networkKey: text("network_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
  },
  (t) => [index("messages_created_idx").on(t.createdAt), index("messages_network_idx").on(t.networkKey)],
);

/** Proof-of-work challenges already used by a message, kept until they expire: each is accepted once. */
export const messageChallenges = pgTable("message_challenges", {
  challenge: text("challenge").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The owner's notices waiting to be e-mailed (docs/product.md "E-mail"): one row a new hand-in or
 * message, queued by the request that brought it and sent by the minute's job, one e-mail or a
 * digest. `attempts` counts failed sends; past the cap the row is `failed` and kept for the log.
 * Not content: never in a backup.
 */
export const notices = pgTable(
  "notices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["hand-in", "message"] }).notNull(),
    /** The hand-in's or the message's id. */
    itemId: text("item_id").notNull(),
    /** One line naming it for the owner (who, what). */
    summary: text("summary").notNull(),
    state: text("state", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("notices_item_idx").on(t.kind, t.itemId), index("notices_state_idx").on(t.state, t.id)],
);
/*
 * The owner's analytics (docs/analytics.md). Only the daily aggregates are kept for good (and
 * in a backup); the salts and the keyed hashes that tell a day's visitors apart are deleted
 * after 2 days and never leave the database.
 */

/** Counts per UTC day: `metric` names what is counted (pageviews, plays, ...), `key` of what (a path, an episode's id; "" for the site). Writes only add. */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.key] })],
);

/** Archive searches per UTC day: how often each text was searched, and how many episodes it last found. */
export const analyticsSearches = pgTable(
  "analytics_searches",
  {
    day: date("day", { mode: "string" }).notNull(),
    q: text("q").notNull(),
    count: integer("count").notNull().default(0),
    results: integer("results").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.q] })],
);

/**
 * Which visitors were already counted for what, per UTC day: a row is a visitor's keyed hash
 * (16 bytes of HMAC-SHA-256 under the day's salt) with what it was counted for (`kind`: the
 * site, a page, a referrer, a play...; `value`: which). Every instance inserts here, and counts a
 * visitor only when its row is new, so a visitor is one visitor however many instances saw them.
 * Deleted after 2 days; never in a backup.
 */
export const analyticsSeen = pgTable(
  "analytics_seen",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    visitor: bytea("visitor").notNull(),
    /** A play's first beacon, for judging the time its listen claims (docs/analytics.md "Figures one script cannot fake"); null for other facts. */
    at: timestamp("at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.value, t.visitor] })],
);

/** A random salt per UTC day, the same for every instance; deleted after 2 days, never in a backup. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: bytea("salt").notNull(),
});
