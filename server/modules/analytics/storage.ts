import { and, asc, between, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { chunk } from "es-toolkit/array";
import { analyticsDaily, analyticsSalts, analyticsSearches, analyticsSeen, clips, episodes, providers } from "../../../shared/schema";
import { idIn, type Db, type Executor } from "../../platform/db/client";
import { sqlStateOf } from "../../platform/http/errors";
import { timeSlices } from "../../platform/runtime/time-slices";
import type { ListenKind, ProgressRow, SeenKind, SeenRow, TallyRows } from "./tally";

/** The analytics' queries (docs/analytics.md): the only code of the room that names tables. */

/** The day's salt: the one already kept, or `candidate` when this instance is the first to ask. */
export async function saltFor(db: Db, day: string, candidate: Buffer): Promise<Buffer> {
  await db.insert(analyticsSalts).values({ day, salt: candidate }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  return row!.salt;
}

/** Deletes the salts and visitors' hashes of the days before `day`. */
export async function forgetVisitorsBefore(db: Db, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(analyticsSeen).where(lt(analyticsSeen.day, day));
    await tx.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  });
}

/** What the analytics may name: the published episodes and clips (by slug), and the providers. */
export interface Catalogue {
  episodes: Map<string, number>;
  /** Each published episode's duration as the site knows it (seconds), by id. */
  durations: Map<number, number | null>;
  clips: Map<string, number>;
  providers: Set<number>;
}

export async function readCatalogue(db: Db): Promise<Catalogue> {
  const [episodeRows, clipRows, providerRows] = await Promise.all([
    db
      .select({ id: episodes.id, slug: episodes.slug, durationSeconds: episodes.durationSeconds })
      .from(episodes)
      .where(and(eq(episodes.isPublished, true), isNotNull(episodes.slug))),
    db.select({ id: clips.id, slug: clips.slug }).from(clips).where(eq(clips.isPublished, true)),
    db.select({ id: providers.id }).from(providers),
  ]);
  return {
    episodes: new Map(episodeRows.map((r) => [r.slug!, r.id])),
    durations: new Map(episodeRows.map((r) => [r.id, r.durationSeconds])),
    clips: new Map(clipRows.map((r) => [r.slug, r.id])),
    providers: new Set(providerRows.map((r) => r.id)),
  };
}

/** The daily metric each kind of fact adds one to when a visitor is new for it. */
const METRIC_OF_SEEN: Record<SeenKind, string> = {
  site: "site_visitors",
  page: "visitors",
  referrer: "referrer_visitors",
  campaign: "campaign_visitors",
  play: "plays",
  listen: "listens",
  q25: "reached_25",
  q50: "reached_50",
  q75: "reached_75",
  q100: "reached_100",
  provider: "provider_clicks",
  clip: "clip_plays",
  share: "shares",
};

/** What a progress claim is worth, given when its play began (ms): the listen and quarter marks it may count. */
export type JudgeProgress = (claim: ProgressRow, playedAt: number) => ListenKind[];

/** Rows per statement: each statement takes its rows as four arrays, whatever their number. */
const CHUNK = 5_000;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Writes a window of counts in one transaction (docs/analytics.md "How it is collected and written"): the facts
 * of visitors first, of which only those no instance has written yet come back, and add one to
 * their metric (a new visitor of the day also to their device kind and browser); then every count
 * is added to the day's, and every search. Rows go in one order (sorted), so two instances writing
 * at once wait for each other instead of deadlocking; a deadlock or serialisation failure is tried once more.
 */
export async function writeTally(db: Db, rows: TallyRows, judge: JudgeProgress): Promise<void> {
  const seen = await inLockOrder(rows.seen);
  try {
    await db.transaction((tx) => writeRows(tx, rows, seen, judge));
  } catch (err) {
    const state = sqlStateOf(err);
    if (state !== "40P01" && state !== "40001") throw err;
    await db.transaction((tx) => writeRows(tx, rows, seen, judge));
  }
}

/** A window's facts in lock order, and who each visitor is (see inLockOrder). */
interface LockOrdered {
  ordered: SeenRow[];
  /** The `site` row of each visitor, by `day \t visitor`. */
  whoIs: Map<string, SeenRow>;
}

/**
 * The facts of visitors in the order every instance writes them: by day, kind, value, then
 * visitor. Sorted group by group (a group is one day's kind and value), in slices of the event
 * loop (platform/runtime/time-slices.ts): a full window's 30,000 rows sorted in one go held every visitor's
 * request for 15-35 ms. `site` rows, one per visitor and day, also say who each visitor is.
 */
export async function inLockOrder(rows: readonly SeenRow[]): Promise<LockOrdered> {
  const slices = timeSlices();
  const groups = new Map<string, SeenRow[]>();
  const whoIs = new Map<string, SeenRow>();
  for (const s of rows) {
    await slices.pause();
    // Day (fixed length) and kind (no kind begins another) end before the tab: the key sorts as the three do.
    const key = `${s.day}\t${s.kind}\t${s.value}`;
    const group = groups.get(key);
    if (group) group.push(s);
    else groups.set(key, [s]);
    if (s.kind === "site") whoIs.set(`${s.day}\t${s.visitor}`, s);
  }
  await slices.pause();
  const ordered: SeenRow[] = [];
  for (const key of [...groups.keys()].sort()) {
    for (const s of groups.get(key)!.sort((a, b) => compare(a.visitor, b.visitor))) ordered.push(s);
    await slices.pause();
  }
  return { ordered, whoIs };
}

type AddCount = (day: string, metric: string, key: string, by: number) => void;

/**
 * Inserts visitors' facts (in lock order); each that no instance had written yet adds one to its
 * metric, and a new visitor of the day (`site`) to their device kind and browser.
 */
async function insertFacts(tx: Executor, { ordered, whoIs }: LockOrdered, add: AddCount): Promise<void> {
  for (const part of chunk(ordered, CHUNK)) {
    const result = await tx.execute<{ day: string; kind: SeenKind; value: string; visitor: string }>(sql`
      INSERT INTO ${analyticsSeen} (day, kind, value, visitor, at)
      SELECT d::date, k, v, decode(h, 'hex'), to_timestamp(a / 1000.0)
      FROM unnest(${sql.param(part.map((s) => s.day))}::text[], ${sql.param(part.map((s) => s.kind))}::text[],
                  ${sql.param(part.map((s) => s.value))}::text[], ${sql.param(part.map((s) => s.visitor))}::text[],
                  ${sql.param(part.map((s) => s.at ?? null))}::float8[]) AS t(d, k, v, h, a)
      ON CONFLICT DO NOTHING
      RETURNING to_char(day, 'YYYY-MM-DD') AS day, kind, value, encode(visitor, 'hex') AS visitor`);
    for (const row of result.rows) {
      add(row.day, METRIC_OF_SEEN[row.kind], row.value, 1);
      if (row.kind === "site") {
        const who = whoIs.get(`${row.day}\t${row.visitor}`)!;
        add(row.day, "device_visitors", who.device, 1);
        add(row.day, "browser_visitors", who.browser, 1);
      }
    }
  }
}

/**
 * The listens and quarter marks the window's progress claims earn: a claim counts only for a
 * visitor whose play of that episode was counted (by this window or any instance before), judged
 * against when that play began (docs/analytics.md "Figures one script cannot fake").
 */
async function judgedFacts(tx: Executor, progress: readonly ProgressRow[], judge: JudgeProgress): Promise<SeenRow[]> {
  const facts: SeenRow[] = [];
  for (const part of chunk(progress, CHUNK)) {
    const result = await tx.execute<{ i: number; at: number }>(sql`
      SELECT t.i::int AS i, (extract(epoch FROM s.at) * 1000)::float8 AS at
      FROM unnest(${sql.param(part.map((p) => p.day))}::text[], ${sql.param(part.map((p) => p.value))}::text[],
                  ${sql.param(part.map((p) => p.visitor))}::text[]) WITH ORDINALITY AS t(d, v, h, i)
      JOIN ${analyticsSeen} s ON s.day = t.d::date AND s.kind = 'play' AND s.value = t.v AND s.visitor = decode(t.h, 'hex')
      WHERE s.at IS NOT NULL`);
    for (const { i, at } of result.rows) {
      const claim = part[i - 1]!;
      for (const kind of judge(claim, at)) {
        facts.push({ day: claim.day, kind, value: claim.value, visitor: claim.visitor, device: "", browser: "" });
      }
    }
  }
  return facts;
}

async function writeRows(tx: Executor, rows: TallyRows, seen: LockOrdered, judge: JudgeProgress): Promise<void> {
  const adds = new Map<string, number>();
  const add: AddCount = (day, metric, key, by) => {
    const k = `${day}\t${metric}\t${key}`;
    adds.set(k, (adds.get(k) ?? 0) + by);
  };
  await insertFacts(tx, seen, add);
  // After the plays, whose times the claims are judged by; every listen fact's lock comes after every other's, in one order on every instance.
  await insertFacts(tx, await inLockOrder(await judgedFacts(tx, rows.progress, judge)), add);
  for (const c of rows.counts) add(c.day, c.metric, c.key, c.count);
  const daily = [...adds]
    .map(([k, count]) => [...k.split("\t"), count] as [string, string, string, number])
    .sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]) || compare(a[2], b[2]));
  for (const part of chunk(daily, CHUNK)) {
    await tx.execute(sql`
      INSERT INTO ${analyticsDaily} (day, metric, key, count)
      SELECT d::date, m, k, c
      FROM unnest(${sql.param(part.map((r) => r[0]))}::text[], ${sql.param(part.map((r) => r[1]))}::text[],
                  ${sql.param(part.map((r) => r[2]))}::text[], ${sql.param(part.map((r) => r[3]))}::int[]) AS t(d, m, k, c)
      ON CONFLICT (day, metric, key) DO UPDATE SET count = ${analyticsDaily}.count + EXCLUDED.count`);
  }
  const searches = [...rows.searches].sort((a, b) => compare(a.day, b.day) || compare(a.q, b.q));
  for (const part of chunk(searches, CHUNK)) {
    await tx.execute(sql`
      INSERT INTO ${analyticsSearches} (day, q, count, results)
      SELECT d::date, q, c, r
      FROM unnest(${sql.param(part.map((s) => s.day))}::text[], ${sql.param(part.map((s) => s.q))}::text[],
                  ${sql.param(part.map((s) => s.count))}::int[], ${sql.param(part.map((s) => s.results))}::int[]) AS t(d, q, c, r)
      ON CONFLICT (day, q) DO UPDATE SET count = ${analyticsSearches}.count + EXCLUDED.count, results = EXCLUDED.results`);
  }
}

/**
 * Everything a report needs of `from`..`to`, read in one snapshot (a write that commits meanwhile
 * is wholly in it or wholly not): sums by key and by day, searches by day, the top searches, and
 * the names of what was counted.
 */
export async function readSums(db: Db, from: string, to: string, limit: number, idsOf: (byKey: SumByKey[]) => Ids) {
  return db.transaction(
    async (tx) => {
      const byKey = await sumsByKey(tx, from, to);
      const byDay = await sumsByDay(tx, from, to);
      const perDaySearches = await searchesByDay(tx, from, to);
      const searches = await topSearches(tx, from, to, limit);
      const names = await readNames(tx, idsOf(byKey));
      return { byKey, byDay, searchesByDay: perDaySearches, searches, names };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

type SumByKey = Awaited<ReturnType<typeof sumsByKey>>[number];
interface Ids {
  episodes: number[];
  clips: number[];
  providers: number[];
}

/** The daily counts over the days `from`..`to`, summed per `group` (columns of analytics_daily). */
function dailySums<G extends Record<string, AnyPgColumn>>(db: Executor, from: string, to: string, group: G) {
  return db
    .select({ ...group, count: sql<number>`sum(${analyticsDaily.count})::int` })
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, from, to))
    .groupBy(...Object.values(group));
}

const sumsByKey = (db: Executor, from: string, to: string) =>
  dailySums(db, from, to, { metric: analyticsDaily.metric, key: analyticsDaily.key });
const sumsByDay = (db: Executor, from: string, to: string) =>
  dailySums(db, from, to, { day: analyticsDaily.day, metric: analyticsDaily.metric });

/** Searches per day over the days `from`..`to`. */
function searchesByDay(db: Executor, from: string, to: string) {
  return db
    .select({ day: analyticsSearches.day, count: sql<number>`sum(${analyticsSearches.count})::int` })
    .from(analyticsSearches)
    .where(between(analyticsSearches.day, from, to))
    .groupBy(analyticsSearches.day);
}

/** The most frequent searches of `from`..`to`, with the number of results the latest of each found. */
function topSearches(db: Executor, from: string, to: string, limit: number) {
  const count = sql<number>`sum(${analyticsSearches.count})::int`;
  return db
    .select({
      q: analyticsSearches.q,
      count,
      results: sql<number>`(array_agg(${analyticsSearches.results} ORDER BY ${analyticsSearches.day} DESC))[1]`,
    })
    .from(analyticsSearches)
    .where(between(analyticsSearches.day, from, to))
    .groupBy(analyticsSearches.q)
    .orderBy(desc(count), asc(analyticsSearches.q))
    .limit(limit);
}

/** The names the report shows for the ids it counted (an item deleted since is not among them). */
async function readNames(db: Executor, ids: Ids) {
  const [episodeRows, clipRows, providerRows] = await Promise.all([
    ids.episodes.length === 0
      ? []
      : db.select({ id: episodes.id, slug: episodes.slug, title: episodes.title }).from(episodes).where(idIn(episodes.id, ids.episodes)),
    ids.clips.length === 0
      ? []
      : db.select({ id: clips.id, slug: clips.slug, title: clips.title }).from(clips).where(idIn(clips.id, ids.clips)),
    ids.providers.length === 0
      ? []
      : db.select({ id: providers.id, name: providers.name }).from(providers).where(idIn(providers.id, ids.providers)),
  ]);
  return { episodes: episodeRows, clips: clipRows, providers: providerRows };
}
