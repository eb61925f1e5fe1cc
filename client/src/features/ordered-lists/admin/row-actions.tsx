import { canMove, swapNeighbour, type MoveDirection } from "./sort-order";
import { toast, toastError } from "@/components/ui/toast-store";

const MOVES = [
  { direction: "up", text: "Move up", arrow: "↑" },
  { direction: "down", text: "Move down", arrow: "↓" },
] as const;

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
  noun: string;
  list: readonly T[];
  mutations: {
    swap: { mutate: (variables: { id: number; withId: number }, handlers: Handlers) => void; isPending: boolean };
    remove: { mutate: (id: number, handlers: Handlers) => void };
  };
  deleted: { title: string; description: string };
  confirm?: string;
}) {
  const onMove = (item: T, direction: MoveDirection) => {
    const neighbour = swapNeighbour(list, item.id, direction);
    if (neighbour) swap.mutate({ id: item.id, withId: neighbour.id }, { onError: () => toastError(`Failed to update ${noun}`) });
  };
  const onDelete = (item: T) => {
    if (confirm && !window.confirm(confirm)) return;
    remove.mutate(item.id, { onSuccess: () => toast(deleted), onError: () => toastError(`Failed to delete ${noun}`) });
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
  return (
    <div className="flex shrink-0 flex-wrap gap-1">
      {onMove
        ? MOVES.map(({ direction, text, arrow }) => (
            <button
              key={direction}
              type="button"
              className="icon-btn"
              aria-label={`${text}: ${label}`}
              title={text}
              disabled={isBusy || !canMove(ordered, item.id, direction)}
              onClick={() => onMove(item, direction)}
            >
              <span aria-hidden="true">{arrow}</span>
            </button>
          ))
        : null}
      <button type="button" className="icon-btn px-3" aria-label={`Edit: ${label}`} onClick={() => onEdit(item)}>
        Edit
      </button>
      <button type="button" className="icon-btn px-3" aria-label={`Delete: ${label}`} onClick={() => onDelete(item)}>
        Delete
      </button>
    </div>
  );
}
