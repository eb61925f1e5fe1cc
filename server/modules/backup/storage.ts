import type pg from "pg";
import { recordPictureUses } from "../pictures";

/**
 * Tables in a backup, parents first. Sessions and throttling counters are not content: a
 * restored site starts logged out with fresh counters. The analytics' daily counts are kept;
 * their salts and visitors' hashes never leave the database (docs/analytics.md).
 */
export const BACKUP_TABLES = [
  "users",
  // Each signed-in person's own language for the admin area.
  "user_languages",
  // Invitations still pending (or used): a restored site's links keep their meaning.
  "invitations",
  "settings",
  "providers",
  "episodes",
  "deleted_feed_episodes",
  "clips",
  "editor_access_log",
  "objects",
  // The feed's people: a restored site's episodes are read as unchanged by the next sync, so
  // who is in them comes back with them. And the old slugs that still answer.
  "people",
  "episode_people",
  "show_people",
  "slug_history",
  // Audition hand-ins: their records here, their files streamed beside the tables.
  "auditions",
  // Listeners' messages that arrived: their records here, voice messages' files streamed beside the tables.
  "messages",
  // The owner's analytics: the daily sums and searches (never the day's salts or who was seen).
  "analytics_daily",
  "analytics_searches",
] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];
const PRIMARY_KEY: Record<BackupTable, string[]> = {
  users: ["id"],
  user_languages: ["user_id"],
  invitations: ["id"],
  settings: ["key"],
  providers: ["id"],
  episodes: ["id"],
  deleted_feed_episodes: ["id"],
  clips: ["id"],
  editor_access_log: ["id"],
  objects: ["id"],
  people: ["id"],
  episode_people: ["episode_id", "position"],
  show_people: ["position"],
  slug_history: ["kind", "slug"],
  auditions: ["id"],
  messages: ["id"],
  analytics_daily: ["day", "metric", "key"],
  analytics_searches: ["day", "q"],
};

/** Tables whose ids come from a sequence, which a restore must move past the restored ids. */
const SERIAL_TABLES: BackupTable[] = [
  "users",
  "invitations",
  "providers",
  "episodes",
  "deleted_feed_episodes",
  "clips",
  "editor_access_log",
  "people",
];

/** Columns the database computes (full-text search): left out of a backup, made again on restore. */
const GENERATED: Partial<Record<BackupTable, string[]>> = { episodes: ["search_vector"] };

/** A table's rows as JSON in primary-key order, without its generated columns. */
export const selectRowsSql = (table: BackupTable) => {
  const drop = (GENERATED[table] ?? []).map((c) => ` - '${c}'`).join("");
  return `SELECT to_jsonb(t)${drop} AS row FROM ${table} t ORDER BY ${PRIMARY_KEY[table].map((c) => `t.${c}`).join(", ")}`;
};

/** Every row as JSON, in primary-key order, read in one snapshot. */
export async function* readTables(pool: pg.Pool): AsyncGenerator<{ table: BackupTable; row: Record<string, unknown> }> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    for (const table of BACKUP_TABLES) {
      const { rows } = await client.query<{ row: Record<string, unknown> }>(selectRowsSql(table));
      for (const { row } of rows) yield { table, row };
    }
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Rows in the backup's tables (those of them the schema has: an older one lacks the newer tables). */
export async function countRows(pool: pg.Pool): Promise<number> {
  let total = 0;
  for (const table of BACKUP_TABLES) {
    const { rows: exists } = await pool.query<{ ok: boolean }>("SELECT to_regclass($1) IS NOT NULL AS ok", [table]);
    if (!exists[0]!.ok) continue;
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    total += rows[0]!.n;
  }
  return total;
}

/**
 * Inserts rows as they were (ids included) in one transaction, then moves each id sequence past
 * them. Only the columns a row has are written: a backup made before a column existed restores
 * into today's schema, the missing columns taking their defaults. A column the table does not
 * have (a newer backup into an older site) is refused.
 */
export async function writeTables(
  pool: pg.Pool,
  rows: AsyncIterable<{ table: BackupTable; row: Record<string, unknown> }>,
): Promise<number> {
  const client = await pool.connect();
  let count = 0;
  try {
    await client.query("BEGIN");
    const { rows: columnRows } = await client.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ANY($1)",
      [BACKUP_TABLES],
    );
    const columnsOf = new Map<string, Set<string>>();
    for (const { table_name, column_name } of columnRows)
      columnsOf.set(table_name, (columnsOf.get(table_name) ?? new Set()).add(column_name));
    let usesUnrecorded = false;
    for await (const { table, row } of rows) {
      if (!(BACKUP_TABLES as readonly string[]).includes(table)) throw new Error(`unknown table in backup: ${table}`);
      if (table === "objects" && !("used_for" in row)) usesUnrecorded = true;
      const known = columnsOf.get(table)!;
      const columns = Object.keys(row);
      const unknown = columns.find((c) => !known.has(c));
      if (unknown)
        throw new Error(`the backup has a column this site does not know: ${table}.${unknown} (restore it into the same version or newer)`);
      const list = columns.map((c) => client.escapeIdentifier(c)).join(", ");
      await client.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_record(NULL::${table}, $1::json)`, [
        JSON.stringify(row),
      ]);
      count++;
    }
    // A backup from before pictures' uses were recorded: found again from the restored rows
    // (into a site that records them; an older schema gets them from its migration).
    if (usesUnrecorded && columnsOf.get("objects")?.has("used_for")) await recordPictureUses(client);
    for (const table of SERIAL_TABLES) {
      if (!columnsOf.has(table)) continue; // a table an older schema does not have yet
      await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), COALESCE((SELECT max(id) FROM ${table}), 0) + 1, false)`, [
        table,
      ]);
    }
    await client.query("COMMIT");
    return count;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
