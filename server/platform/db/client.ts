import { sql, type SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "../../../shared/schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction, which runs the same queries as the database handle. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a storage function runs its queries on: the database, or a transaction of it. */
export type Executor = Db | Tx;

/**
 * `column = ANY($1::int[])`: the ids go as one array parameter, however many there are, where
 * `IN (...)` makes a parameter of each (thousands to build and send for a big feed).
 */
export function idIn(column: AnyPgColumn, ids: readonly number[]): SQL {
  return sql`${column} = ANY(${sql.param(ids)}::int[])`;
}

/** A read of one row at most: the row or null; `forUpdate` locks it until the caller's transaction ends. */
export async function oneRow<T>(
  query: PromiseLike<T[]> & { for(strength: "update"): PromiseLike<T[]> },
  forUpdate = false,
): Promise<T | null> {
  const rows = await (forUpdate ? query.for("update") : query);
  return rows[0] ?? null;
}

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

/**
 * One driver everywhere (docs/product.md "Running it"). The time-outs keep a stalled database from
 * holding requests and pool connections for ever.
 */
/** What is told of an idle connection's failure: never the error's other fields, or the client with its cancel key. */
export interface PoolFailure {
  message: string;
  code?: string;
}

export function connectDatabase(url: string, options: { max?: number; onError?: (failure: PoolFailure) => void } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 5_000,
    query_timeout: 5_500,
    application_name: "podcast-site",
  });
  pool.on("error", (err) => {
    const code = (err as { code?: unknown }).code;
    options.onError?.(typeof code === "string" ? { message: err.message, code } : { message: err.message });
  });
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
