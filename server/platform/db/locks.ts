import { sql } from "drizzle-orm";
import type { Executor } from "./client";
import { AppError } from "../http/errors";
import type { ContentKind } from "../ordered-lists/storage";

/**
 * Holds a list's ordering until the transaction ends, so two new items (or an import and a new
 * item) never both take "the largest plus one". Waits at most `LOCK_WAIT_MS`, in short tries, so
 * a long wait is not cut by the statement timeout and reads as what it is.
 */
export async function lockOrdering(tx: Executor, kind: ContentKind): Promise<void> {
  await waitForLock(tx, `podcast-site:order:${kind}`);
}

const LOCK_WAIT_MS = 60_000;

/**
 * A transaction-scoped advisory lock on a name (`shared`: many holders, none exclusive), tried
 * every 50 ms for up to a minute.
 */
async function waitForLock(tx: Executor, name: string, options: { shared?: boolean } = {}): Promise<void> {
  const until = Date.now() + LOCK_WAIT_MS;
  const attempt = options.shared
    ? sql`pg_try_advisory_xact_lock_shared(hashtext(${name}))`
    : sql`pg_try_advisory_xact_lock(hashtext(${name}))`;
  for (;;) {
    const [row] = (await tx.execute(sql`SELECT ${attempt} AS got`)).rows as { got: boolean }[];
    if (row?.got) return;
    if (Date.now() > until) throw new AppError("UNAVAILABLE", "error.changeUnderWay");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The episodes as a whole: the admin's edits hold it shared, a feed import holds it alone. So an
 * import never plans from a row that an edit is changing, and an edit never lands between an
 * import's read and its write (where the import would overwrite it). One import at a time, too.
 */
export async function lockEpisodes(tx: Executor, holder: "edit" | "import"): Promise<void> {
  await waitForLock(tx, "podcast-site:episodes", { shared: holder === "edit" });
}
