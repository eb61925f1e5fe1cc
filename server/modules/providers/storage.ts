import { asc, eq, sql } from "drizzle-orm";
import { providers, users } from "../../../shared/schema";
import { updatedByActor } from "../auth";
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

/** Who changed a provider last, by e-mail (the admin's list only: a visitor never sees who works on the show). */
const adminColumns = {
  ...providerColumns,
  updatedBy: sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${providers.updatedBy})`,
};

/** A visitor's rows lack updatedBy (undefined, whatever the type says); the service shows it to the admin only. */
export function listProviders(db: Executor, options: { includeDrafts: boolean } = { includeDrafts: false }) {
  return db
    .select(options.includeDrafts ? adminColumns : (providerColumns as typeof adminColumns))
    .from(providers)
    .orderBy(asc(providers.sortOrder), asc(providers.id));
}

export type ProviderRow = Awaited<ReturnType<typeof listProviders>>[number];
export async function findProvider(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  return oneRow(db.select(adminColumns).from(providers).where(eq(providers.id, id)).limit(1), options.forUpdate);
}

export async function insertProvider(db: Executor, values: typeof providers.$inferInsert) {
  const [row] = await db
    .insert(providers)
    .values({ ...values, ...updatedByActor() })
    .returning({ id: providers.id });
  return row!.id;
}

/** An edit by the admin: a new version. */
export async function updateProvider(db: Executor, id: number, values: Partial<typeof providers.$inferInsert>) {
  const rows = await db
    .update(providers)
    .set({ ...values, version: sql`${providers.version} + 1`, ...updatedByActor() })
    .where(eq(providers.id, id))
    .returning({ id: providers.id });
  return rows.length > 0;
}

export async function deleteProvider(db: Executor, id: number) {
  const rows = await db.delete(providers).where(eq(providers.id, id)).returning({ id: providers.id });
  return rows.length > 0;
}
