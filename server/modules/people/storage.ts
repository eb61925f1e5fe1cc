import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { chunk } from "es-toolkit/array";
import type { EpisodePerson } from "../../../shared/api";
import { episodePeople, episodes, people, showPeople } from "../../../shared/schema";
import { idIn, type Executor } from "../../platform/db/client";

/**
 * The people room's queries (docs/product.md "Listening"): who the feed names, in which episode
 * and in the show, written by a sync in its transaction; read for episode pages, people's pages,
 * the sitemap; and their pictures, fetched in the background like episodes' files.
 */

/** A person as a feed names them, in an item or the channel, as the sync hands them over. */
export interface PersonInput {
  name: string;
  /** What makes two tags the same person: the name in NFKC, lower case, spaces collapsed. */
  nameKey: string;
  /** The slug the name makes (made in the feed's worker, like episodes' slugs); "" when none. */
  slugBase: string;
  /** Lower case; "host" when the tag names none (the namespace's default). */
  role: string;
  /** Lower case; "cast" when the tag names none. */
  group: string;
  img: string | null;
  href: string | null;
}

/** Rows read per statement. */
const BATCH = 500;
/**
 * Rows written per statement: the query builder takes the event loop about 3 ms for 50 rows of
 * five fields and 30-110 ms for 500, for about the same time in all.
 */
const INSERT_ROWS = 50;

/** A slug no other person has: the name's, then -2, -3... */
function slugMaker(taken: Set<string>) {
  return (base: string) => {
    const root = base || "person";
    let slug = root;
    for (let n = 2; taken.has(slug); n++) slug = `${root}-${n}`;
    taken.add(slug);
    return slug;
  };
}

/**
 * Makes sure every person named exists, by name key: a new one gets a slug of its own; one known
 * takes the feed's latest name, link and picture address (a new picture address is fetched
 * afresh). The first mention of a person in the feed decides (feeds list the newest item first).
 * Returns each name key's id.
 */
export async function upsertPeople(tx: Executor, named: PersonInput[]): Promise<Map<string, number>> {
  const wanted = new Map<string, PersonInput>();
  for (const person of named) {
    const seen = wanted.get(person.nameKey);
    if (!seen) wanted.set(person.nameKey, { ...person });
    else {
      seen.img ??= person.img;
      seen.href ??= person.href;
    }
  }
  const ids = new Map<string, number>();
  if (wanted.size === 0) return ids;
  const keys = [...wanted.keys()];
  const existing: { id: number; nameKey: string; name: string; href: string | null; imageUrl: string | null }[] = [];
  for (const part of chunk(keys, BATCH)) {
    existing.push(
      ...(await tx
        .select({ id: people.id, nameKey: people.nameKey, name: people.name, href: people.href, imageUrl: people.imageUrl })
        .from(people)
        .where(inArray(people.nameKey, part))),
    );
  }
  for (const row of existing) {
    ids.set(row.nameKey, row.id);
    const feed = wanted.get(row.nameKey)!;
    if (row.name === feed.name && row.href === feed.href && row.imageUrl === feed.img) continue;
    await tx
      .update(people)
      .set({
        name: feed.name,
        href: feed.href,
        imageUrl: feed.img,
        updatedAt: sql`now()`,
        ...(row.imageUrl === feed.img ? {} : { imageFailures: 0, imageRetryAt: null }),
      })
      .where(eq(people.id, row.id));
  }
  const fresh = keys.filter((key) => !ids.has(key)).map((key) => wanted.get(key)!);
  if (fresh.length > 0) {
    const slugs = await tx.select({ slug: people.slug }).from(people);
    const nextSlug = slugMaker(new Set(slugs.map((r) => r.slug)));
    for (const part of chunk(fresh, INSERT_ROWS)) {
      const rows = await tx
        .insert(people)
        .values(part.map((p) => ({ nameKey: p.nameKey, name: p.name, slug: nextSlug(p.slugBase), href: p.href, imageUrl: p.img })))
        .returning({ id: people.id, nameKey: people.nameKey });
      for (const row of rows) ids.set(row.nameKey, row.id);
    }
  }
  return ids;
}

/** Replaces the people of these episodes with the ones given, in their order (an episode given none has none of its own). */
export async function replaceEpisodePeople(
  tx: Executor,
  entries: { episodeId: number; people: PersonInput[] }[],
  ids: Map<string, number>,
): Promise<void> {
  const episodeIds = entries.map((e) => e.episodeId);
  if (episodeIds.length > 0) await tx.delete(episodePeople).where(idIn(episodePeople.episodeId, episodeIds));
  const rows = entries.flatMap(({ episodeId, people: named }) =>
    named.map((p, position) => ({ episodeId, position, personId: ids.get(p.nameKey)!, role: p.role, group: p.group })),
  );
  for (const part of chunk(rows, INSERT_ROWS)) await tx.insert(episodePeople).values(part);
}

/** The show's people become these. */
export async function replaceShowPeople(tx: Executor, named: PersonInput[], ids: Map<string, number>): Promise<void> {
  await tx.delete(showPeople);
  const rows = named.map((p, position) => ({ position, personId: ids.get(p.nameKey)!, role: p.role, group: p.group }));
  if (rows.length > 0) await tx.insert(showPeople).values(rows);
}

const personColumns = { slug: people.slug, name: people.name, imagePath: people.imagePath, href: people.href };

/**
 * Who is in an episode: its own people, else (an episode from the feed) the show's, in the feed's
 * order. An episode the owner typed in is the feed's show only when its item names someone.
 */
export async function listEpisodePeople(db: Executor, episodeId: number): Promise<EpisodePerson[]> {
  const own = await db
    .select({ ...personColumns, role: episodePeople.role, group: episodePeople.group })
    .from(episodePeople)
    .innerJoin(people, eq(people.id, episodePeople.personId))
    .where(eq(episodePeople.episodeId, episodeId))
    .orderBy(asc(episodePeople.position));
  if (own.length > 0) return own;
  const [episode] = await db.select({ source: episodes.source }).from(episodes).where(eq(episodes.id, episodeId));
  if (episode?.source !== "feed") return [];
  return db
    .select({ ...personColumns, role: showPeople.role, group: showPeople.group })
    .from(showPeople)
    .innerJoin(people, eq(people.id, showPeople.personId))
    .orderBy(asc(showPeople.position));
}

/** Episodes a person is in: their own credit, or the show's when a feed episode credits no one (listEpisodePeople). */
const appearsIn = (personId: number) => sql`(
  EXISTS (SELECT 1 FROM ${episodePeople} ep WHERE ep.episode_id = ${episodes.id} AND ep.person_id = ${personId})
  OR (${episodes.source} = 'feed' AND EXISTS (SELECT 1 FROM ${showPeople} sp WHERE sp.person_id = ${personId})
      AND NOT EXISTS (SELECT 1 FROM ${episodePeople} ep2 WHERE ep2.episode_id = ${episodes.id})))`;

/** A person by slug, with the ids of the published episodes they are in (newest first) and their roles (most frequent first). */
export async function findPersonPage(db: Executor, slug: string) {
  const [person] = await db
    .select({ id: people.id, ...personColumns })
    .from(people)
    .where(eq(people.slug, slug))
    .limit(1);
  if (!person) return null;
  const [episodeRows, roleRows, inShow] = await Promise.all([
    db
      .select({ id: episodes.id })
      .from(episodes)
      .where(and(eq(episodes.isPublished, true), appearsIn(person.id)))
      .orderBy(sql`coalesce(${episodes.publishedAt}, ${episodes.createdAt}) DESC, ${episodes.id} DESC`),
    db.execute(sql`SELECT role, count(*)::int AS n FROM (
        SELECT role FROM ${episodePeople} WHERE person_id = ${person.id}
        UNION ALL SELECT role FROM ${showPeople} WHERE person_id = ${person.id}) r
      GROUP BY role ORDER BY n DESC, role ASC`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(showPeople)
      .where(eq(showPeople.personId, person.id)),
  ]);
  const { id: _id, ...shown } = person;
  return {
    person: { ...shown, roles: (roleRows.rows as { role: string }[]).map((r) => r.role) },
    episodeIds: episodeRows.map((r) => r.id),
    isShowPerson: inShow[0]!.n > 0,
  };
}

/** Everyone with a page: in the show's people, or in a published episode; for the sitemap, by slug. */
export async function listPeopleWithPages(db: Executor): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: people.slug, updatedAt: people.updatedAt })
    .from(people)
    .where(
      sql`EXISTS (SELECT 1 FROM ${showPeople} sp WHERE sp.person_id = ${people.id})
        OR EXISTS (SELECT 1 FROM ${episodePeople} ep JOIN ${episodes} e ON e.id = ep.episode_id WHERE ep.person_id = ${people.id} AND e.is_published)`,
    )
    .orderBy(asc(people.slug));
}

/** Pictures named and not yet kept from that address. */
const pictureWanted = sql`(${people.imageUrl} IS NOT NULL AND ${people.imageSourceUrl} IS DISTINCT FROM ${people.imageUrl})`;

/** Takes up to `limit` people's pictures that are due, leased like episodes' files (server/modules/feed/storage.ts claimDueLinkedFiles). */
export async function claimDuePictures(
  db: Executor,
  limit: number,
  leaseMinutes = 10,
): Promise<{ id: number; url: string; name: string; failures: number }[]> {
  const result = await db.execute(sql`
    UPDATE ${people} SET image_retry_at = now() + make_interval(mins => ${leaseMinutes})
    WHERE ${people.id} IN (
      SELECT ${people.id} FROM ${people}
      WHERE ${pictureWanted} AND (${people.imageRetryAt} IS NULL OR ${people.imageRetryAt} <= now())
      ORDER BY ${people.imageRetryAt} ASC NULLS FIRST, ${people.id} ASC
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING ${people.id} AS id, ${people.imageUrl} AS url, ${people.name} AS name, ${people.imageFailures} AS failures`);
  return result.rows as { id: number; url: string; name: string; failures: number }[];
}

/** What fetching a person's picture from `url` gave: kept (or given up on: null), or a failure to try again at `retryAt`. */
export async function recordPicture(
  db: Executor,
  id: number,
  url: string,
  outcome: { imagePath: string | null } | { failures: number; retryAt: Date },
): Promise<void> {
  const values =
    "imagePath" in outcome
      ? { imagePath: outcome.imagePath, imageSourceUrl: url, imageFailures: 0, imageRetryAt: null }
      : { imageFailures: outcome.failures, imageRetryAt: outcome.retryAt };
  await db
    .update(people)
    .set(values)
    .where(and(eq(people.id, id), eq(people.imageUrl, url)));
}

/** How many people's pictures wait to be fetched, and how many of them failed before. */
export async function countPendingPictures(db: Executor): Promise<{ pending: number; failing: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      failing: sql<number>`count(*) FILTER (WHERE ${people.imageFailures} > 0)::int`,
    })
    .from(people)
    .where(and(isNotNull(people.imageUrl), pictureWanted));
  return row!;
}
