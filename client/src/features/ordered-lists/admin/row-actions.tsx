import { canMove, swapNeighbour, type MoveDirection } from "./sort-order";
import { toast, toastError } from "@/components/ui/toast-store";
import { UPDATE_FAILED, type Noun } from "@/components/admin/ui/save-entity";
import { useAdminT, type AdminKey } from "@/lib/i18n";

const MOVES = [
  { direction: "up", text: "rowActions.moveUp", label: "rowActions.moveUpItem", arrow: "↑" },
  { direction: "down", text: "rowActions.moveDown", label: "rowActions.moveDownItem", arrow: "↓" },
] as const satisfies readonly { direction: MoveDirection; text: AdminKey; label: AdminKey; arrow: string }[];

const DELETE_FAILED: Record<Noun, AdminKey> = {
  episode: "rowActions.episodeDeleteFailed",
  clip: "rowActions.clipDeleteFailed",
  provider: "rowActions.providerDeleteFailed",
};

interface Handlers {
  onSuccess?: () => void;
  onError: () => void;
}

/**
 * Moving and deleting the rows of an ordered admin list, with the spec's toasts ("Failed to update
 * clip", "Clip deleted"...). A move swaps sortOrder with the neighbour as shown; `confirm`, when
 * given, is asked before a delete.
 */
export function useRowActions<T extends { id: number }>({
  noun,
  list,
  mutations: { swap, remove },
  deleted,
  confirm,
}: {
  noun: Noun;
  list: readonly T[];
  mutations: {
    swap: { mutate: (variables: { id: number; withId: number }, handlers: Handlers) => void; isPending: boolean };
    remove: { mutate: (id: number, handlers: Handlers) => void };
  };
  deleted: { title: string; description: string };
  confirm?: string;
}) {
  const t = useAdminT();
  const onMove = (item: T, direction: MoveDirection) => {
    const neighbour = swapNeighbour(list, item.id, direction);
    if (neighbour) swap.mutate({ id: item.id, withId: neighbour.id }, { onError: () => toastError(t(UPDATE_FAILED[noun])) });
  };
  const onDelete = (item: T) => {
    if (confirm && !window.confirm(confirm)) return;
    remove.mutate(item.id, { onSuccess: () => toast(deleted), onError: () => toastError(t(DELETE_FAILED[noun])) });
  };
  return { onMove, onDelete, isBusy: swap.isPending };
}

/** Move up, move down, edit and delete for one row of an ordered admin list (docs/product.md §2, §4). */
export function RowActions<T extends { id: number }>({
  item,
  ordered,
  label,
  onMove,
  onEdit,
  onDelete,
  isBusy,
}: {
  item: T;
  ordered: readonly T[];
  label: string;
  onMove?: (item: T, direction: MoveDirection) => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  isBusy?: boolean;
}) {
  const t = useAdminT();
  return (
    <div className="flex shrink-0 flex-wrap gap-1">
      {onMove
        ? MOVES.map(({ direction, text, label: itemLabel, arrow }) => (
            <button
              key={direction}
              type="button"
              className="icon-btn"
              aria-label={t(itemLabel, { label })}
              title={t(text)}
              disabled={isBusy || !canMove(ordered, item.id, direction)}
              onClick={() => onMove(item, direction)}
            >
              <span aria-hidden="true">{arrow}</span>
            </button>
          ))
        : null}
      <button type="button" className="icon-btn px-3" aria-label={t("rowActions.editItem", { label })} onClick={() => onEdit(item)}>
        {t("rowActions.edit")}
      </button>
      <button type="button" className="icon-btn px-3" aria-label={t("rowActions.deleteItem", { label })} onClick={() => onDelete(item)}>
        {t("rowActions.delete")}
      </button>
    </div>
  );
}
