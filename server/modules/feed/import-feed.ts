/**
 * The import's transaction (docs/decisions/009-feed-sync.md): the feed's items matched to the
 * episodes, planned, and written with their people under the episodes' import lock.
 */
import type { FeedNote } from "./notes";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Executor } from "../../platform/db/client";
import { lockEpisodes, lockOrdering } from "../../platform/db/locks";
import { sqlStateOf, words } from "../../platform/http/errors";
import type { Logger } from "../../platform/runtime/logger";
import { forgetSlugs, listTombstoneKeys, updateEpisode } from "../episodes";
import { replaceEpisodePeople, replaceShowPeople, upsertPeople } from "../people";
import { matchFeed, planImport, type ImportPlan } from "./import-plan";
import type { ParsedFeed } from "./parse-feed";
import * as feedStore from "./storage";

/** A row the database refused (a value already in use, a broken constraint): one item's problem, not the sync's. */
const isRowError = (err: unknown) => /^2[23]/.test(sqlStateOf(err) ?? "");
const rowReason = (err: unknown) => {
  const code = sqlStateOf(err);
  return code === "23505" ? words("feedReport.rowTaken") : words("feedReport.rowRefused", { code });
};

/**
 * The plan's writes. `careful`: each row in a savepoint of its own, one the database refuses
 * skipped with its reason (used when the plain run failed on a row, so one bad item never
 * stops the others).
 */
async function applyPlan(
  tx: Executor,
  plan: ImportPlan,
  url: string,
  careful: boolean,
): Promise<{ refused: FeedNote[]; inserted: Map<string, number> }> {
  const skipped: FeedNote[] = [];
  const inserted = new Map<string, number>();
  await feedStore.shiftSortOrders(tx, plan.shift);
  await feedStore.markFeedUrl(tx, plan.carried, url);
  for (const row of plan.inserts) row.feedUrl = url;
  const each = async (title: string, write: (on: Executor) => Promise<unknown>) => {
    if (!careful) return void (await write(tx));
    try {
      await tx.transaction(async (savepoint) => void (await write(savepoint)));
    } catch (err) {
      if (!isRowError(err)) throw err;
      skipped.push({ title, reason: rowReason(err) });
    }
  };
  const keep = (rows: { id: number; slug: string }[]) => rows.forEach((row) => inserted.set(row.slug, row.id));
  if (careful) for (const row of plan.inserts) await each(row.title, async (on) => keep(await feedStore.insertEpisodes(on, [row])));
  else keep(await feedStore.insertEpisodes(tx, plan.inserts));
  for (const { id, values, title, visible } of plan.updates)
    // The feed made this change, not whoever pressed Refresh (docs/product.md "People with access").
    await each(title, (on) => updateEpisode(on, id, { ...values, updatedBy: null }, { newVersion: visible }));
  // Another episode's old address that a new one now takes answers for the new one.
  await forgetSlugs(tx, "episode", [...inserted.keys()]);
  return { refused: skipped, inserted };
}

/**
 * Who is in each episode read anew (its item's people; none: the show's), and the show's own
 * people, in the import's transaction: a page never shows an episode without them.
 */
async function writePeople(tx: Executor, feed: ParsedFeed, plan: ImportPlan, inserted: Map<string, number>): Promise<void> {
  const entries = plan.people
    .map((p) => ({ episodeId: p.id ?? inserted.get(p.slug!), people: p.people }))
    .filter((e): e is { episodeId: number; people: typeof e.people } => e.episodeId !== undefined);
  const ids = await upsertPeople(tx, [...feed.people, ...entries.flatMap((e) => e.people)]);
  await replaceEpisodePeople(tx, entries, ids);
  await replaceShowPeople(tx, feed.people, ids);
}

/** The guids and audio files of the episodes the owner deleted: the feed never brings them back. */
async function listDeletedKeys(tx: Executor): Promise<{ guids: Set<string>; enclosures: Set<string> }> {
  const tombstones = await listTombstoneKeys(tx);
  return {
    guids: new Set(tombstones.map((t) => t.guid).filter((g): g is string => !!g)),
    enclosures: new Set(tombstones.map((t) => t.enclosureKey).filter((e): e is string => !!e)),
  };
}

/**
 * Imports a read feed in one transaction; when the database refuses a row, again with each row
 * on its own, so the others still come in (`refused`: the rows left out, with their reasons).
 */
export async function importFeed(
  deps: { writes: SiteWrites; logger?: Logger },
  feed: ParsedFeed,
  url: string,
  autoPublish: boolean,
): Promise<{ plan: ImportPlan; refused: FeedNote[] }> {
  const attempt = (careful: boolean) =>
    deps.writes.run(async (tx) => {
      await lockEpisodes(tx, "import");
      await lockOrdering(tx, "episodes");
      const deleted = await listDeletedKeys(tx);
      const match = await matchFeed(feed.items, await feedStore.listEpisodesForSync(tx));
      const plan = await planImport(match, await feedStore.listFeedFields(tx, match.compare), { autoPublish, deleted });
      const { refused, inserted } = await applyPlan(tx, plan, url, careful);
      await writePeople(tx, feed, plan, inserted);
      return { plan, refused };
    });
  try {
    return await attempt(false);
  } catch (err) {
    if (!isRowError(err)) throw err;
    deps.logger?.warn({ err: (err as Error).message }, "an item of the feed was refused by the database; importing the others one by one");
    return attempt(true);
  }
}
