import crypto from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { Logger } from "../runtime/logger";
import type { Db, Executor } from "./client";

const CHANNEL = "site_changes";
/** How long to wait before each new try after the listening connection is lost; the last repeats. */
const RETRY_MS = [250, 1_000, 5_000, 15_000];

export interface ChangeBusStats {
  /** Notices from other instances. */
  received: number;
  published: number;
  /** Times the listening connection was lost and made again. */
  reconnects: number;
  listening: boolean;
}

export interface ChangeBus {
  /** Tells every other instance that the site changed (after the write has committed). */
  publish(): void;
  /**
   * Tells them as part of a write's transaction: PostgreSQL delivers the notice when, and only
   * if, it commits, so no instance hears of a change before it can read it, and none misses it.
   */
  notifyIn(tx: Executor): Promise<void>;
  /** Stops listening; call before the pool ends. */
  close(): Promise<void>;
  readonly stats: ChangeBusStats;
}

/**
 * The instances of one site agree on what changed through PostgreSQL (docs/decisions/011-fast-path-
 * and-change-bus.md): every write publishes a NOTIFY on `site_changes` carrying the writer's id,
 * and each instance LISTENs on a connection of its own, apart from the pool. A notice from
 * another instance calls `onChange`. When that connection is lost, notices may be missed, so
 * `onChange` is called then and again once it listens anew (tries with growing waits).
 */
export function startChangeBus({ pool, onChange, logger }: { pool: pg.Pool; onChange: () => void; logger?: Logger }): ChangeBus {
  const id = crypto.randomUUID();
  const stats: ChangeBusStats = { received: 0, published: 0, reconnects: 0, listening: false };
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const given = new WeakSet<pg.Client>();
  const lost = (client: pg.Client, err?: Error) => {
    // An error, the end that follows it and a failed connect may all report one loss.
    if (given.has(client)) return;
    given.add(client);
    client.removeAllListeners();
    // A connection that errors may still be open: end it, and ignore what that says.
    client.on("error", () => {});
    void client.end().catch(() => {});
    if (closed) return;
    const wasListening = stats.listening;
    stats.listening = false;
    if (wasListening) {
      logger?.warn({ err: err?.message }, "lost the database notices; dropping the cache until they are back");
      onChange();
    }
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures++;
    retry = setTimeout(() => void listen(), wait);
    retry.unref();
  };

  const listen = async () => {
    if (closed) return;
    const next = new pg.Client({ ...pool.options, application_name: "podcast-site notices" });
    client = next;
    next.on("error", (err) => lost(next, err));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || message.payload === id) return;
      stats.received++;
      onChange();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(next, err as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    if (failures > 0) {
      stats.reconnects++;
      logger?.info("listening to database notices again");
      // Whatever was written while nobody listened is unknown: drop it all.
      onChange();
    }
    failures = 0;
    stats.listening = true;
  };

  void listen();

  return {
    publish() {
      pool.query("SELECT pg_notify($1, $2)", [CHANNEL, id]).then(
        () => {
          stats.published++;
        },
        (err: Error) => logger?.warn({ err: err.message }, "could not tell the other instances of a change"),
      );
    },
    async notifyIn(tx) {
      await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${id})`);
      stats.published++;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners();
        last.on("error", () => {});
        await last.end().catch(() => {});
      }
    },
    stats,
  };
}

/**
 * The site's writes (the composition root hands this to the services): each runs in one
 * transaction that carries its change notice (ChangeBus.notifyIn), and this instance's cached
 * answers are dropped once it has committed.
 */
export interface SiteWrites {
  run<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
}

export function createSiteWrites(db: Db, bus: Pick<ChangeBus, "notifyIn">, invalidate: () => void): SiteWrites {
  return {
    async run(work) {
      const result = await db.transaction(async (tx) => {
        const value = await work(tx);
        await bus.notifyIn(tx);
        return value;
      });
      invalidate();
      return result;
    },
  };
}
