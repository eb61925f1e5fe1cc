import { asc, eq, sql } from "drizzle-orm";
import { providers } from "../../../shared/schema";
import { oneRow, type Executor } from "../../platform/db/client";

/** Ordered lists: by sortOrder, then id, so equal orders still list the same way every time. */
const providerColumns = {
  id: providers.id,
  name: providers.name,
  url: providers.url,
  icon: providers.icon,
  sortOrder: providers.sortOrder,
  version: providers.version,
};

export function listProviders(db: Executor) {
  return db.select(providerColumns).from(providers).orderBy(asc(providers.sortOrder), asc(providers.id));
}

export type ProviderRow = Awaited<ReturnType<typeof listProviders>>[number];
export async function findProvider(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  return oneRow(db.select(providerColumns).from(providers).where(eq(providers.id, id)).limit(1), options.forUpdate);
}

export async function insertProvider(db: Executor, values: typeof providers.$inferInsert) {
  const [row] = await db.insert(providers).values(values).returning({ id: providers.id });
  return row!.id;
}

/** An edit by the admin: a new version. */
export async function updateProvider(db: Executor, id: number, values: Partial<typeof providers.$inferInsert>) {
  const rows = await db
    .update(providers)
    .set({ ...values, version: sql`${providers.version} + 1` })
    .where(eq(providers.id, id))
    .returning({ id: providers.id });
  return rows.length > 0;
}

export async function deleteProvider(db: Executor, id: number) {
  const rows = await db.delete(providers).where(eq(providers.id, id)).returning({ id: providers.id });
  return rows.length > 0;
}
