import { useQuery } from "@tanstack/react-query";
import type { ClipListItem } from "@shared/api";
import { RowActions } from "@/components/ui/row-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { swapNeighbour, type MoveDirection } from "@/lib/sort-order";
import { orderedClipsQueryOptions, useClipMutations } from "../api";

/** docs/product.md §2 "Existing Clips"; delete has no confirmation. */
export function ClipAdminList({ onEdit }: { onEdit: (clip: ClipListItem) => void }) {
  const clips = useQuery(orderedClipsQueryOptions());
  const { remove, swap } = useClipMutations();
  const list = clips.data ?? [];

  const onMove = (clip: ClipListItem, direction: MoveDirection) => {
    const neighbour = swapNeighbour(list, clip.id, direction);
    if (neighbour) swap.mutate({ id: clip.id, withId: neighbour.id }, { onError: () => toastError("Failed to update clip") });
  };
  const onDelete = (clip: ClipListItem) =>
    remove.mutate(clip.id, {
      onSuccess: () => toast({ title: "Clip deleted", description: "The clip has been deleted successfully" }),
      onError: () => toastError("Failed to delete clip"),
    });

  return (
    <section className="card p-6" aria-labelledby="clip-list-heading">
      <h2 id="clip-list-heading" className="text-xl font-bold">
        Existing Clips
      </h2>
      {clips.isPending ? (
        <p className="mt-4" role="status">
          Loading...
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4">No clips found</p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label="Existing Clips">
          {list.map((clip) => (
            <li key={clip.id} className="rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3" aria-label={clip.title}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1 basis-64">
                  <p dir="auto" className="font-semibold wrap-anywhere">
                    {clip.title}
                  </p>
                  <p dir="auto" className="line-clamp-2 text-sm wrap-anywhere">
                    {clip.description || "No description"}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                    <span>Order: {clip.sortOrder}</span>
                    <span className={clip.isPublished ? "badge badge-published" : "badge"}>{clip.isPublished ? "Published" : "Draft"}</span>
                    <span className="min-w-0 max-w-full truncate">/clips/{clip.slug}</span>
                  </p>
                </div>
                <RowActions item={clip} ordered={list} label={clip.title} onMove={onMove} onEdit={onEdit} onDelete={onDelete} isBusy={swap.isPending} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
