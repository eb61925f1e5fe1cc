import type { ReactNode } from "react";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { useAdminT } from "@/lib/i18n";
import { RowActions, useRowActions } from "./row-actions";

type RowActionsOptions<T extends { id: number }> = Omit<Parameters<typeof useRowActions<T>>[0], "list">;

/** Who changed an item last (docs/product.md "People with access"); nothing when the feed did, or nobody is known. */
export function EditedBy({ email }: { email: string | null | undefined }) {
  const t = useAdminT();
  if (!email) return null;
  return <p className="mt-1 text-xs break-all opacity-80">{t("rowActions.editedBy", { email })}</p>;
}

/**
 * An ordered list card of the admin (docs/product.md §2 "Existing Clips", "Current Providers"):
 * its loading and empty states, one row per item named by `labelOf`, and each row's move, edit
 * and delete. `row` draws what a row shows; `actionsBelow` puts the buttons under it rather
 * than beside it (a row whose text needs the whole width).
 */
export function OrderedAdminList<T extends { id: number; updatedBy?: string | null }>({
  id,
  title,
  items,
  isPending,
  empty,
  labelOf,
  row,
  onEdit,
  actions,
  actionsBelow = false,
}: {
  id: string;
  title: string;
  items: readonly T[];
  isPending: boolean;
  empty: ReactNode;
  labelOf: (item: T) => string;
  row: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  actions: RowActionsOptions<T>;
  actionsBelow?: boolean;
}) {
  const rowActions = useRowActions({ ...actions, list: items });
  return (
    <AdminCard id={id} title={title}>
      <ListStates isPending={isPending} isEmpty={items.length === 0} empty={empty}>
        <ol className="mt-4 space-y-3" aria-label={title}>
          {items.map((item) => {
            const buttons = <RowActions item={item} ordered={items} label={labelOf(item)} onEdit={onEdit} {...rowActions} />;
            return (
              <li key={item.id} className="rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3" aria-label={labelOf(item)}>
                {actionsBelow ? (
                  <>
                    {row(item)}
                    <EditedBy email={item.updatedBy} />
                    <div className="mt-2 flex justify-end">{buttons}</div>
                  </>
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      {row(item)}
                      <EditedBy email={item.updatedBy} />
                    </div>
                    {buttons}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </ListStates>
    </AdminCard>
  );
}
