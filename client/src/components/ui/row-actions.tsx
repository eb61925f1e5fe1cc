import { canMove, type MoveDirection } from "@/lib/sort-order";

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
      {onMove ? (
        <>
          <button
            type="button"
            className="icon-btn"
            aria-label={`Move up: ${label}`}
            title="Move up"
            disabled={isBusy || !canMove(ordered, item.id, "up")}
            onClick={() => onMove(item, "up")}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label={`Move down: ${label}`}
            title="Move down"
            disabled={isBusy || !canMove(ordered, item.id, "down")}
            onClick={() => onMove(item, "down")}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </>
      ) : null}
      <button type="button" className="icon-btn px-3" aria-label={`Edit: ${label}`} onClick={() => onEdit(item)}>
        Edit
      </button>
      <button type="button" className="icon-btn px-3" aria-label={`Delete: ${label}`} onClick={() => onDelete(item)}>
        Delete
      </button>
    </div>
  );
}
