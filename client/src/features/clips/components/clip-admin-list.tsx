import { useQuery } from "@tanstack/react-query";
import type { ClipListItem } from "@shared/api";
import { AdminCard, ListStates } from "@/components/ui/admin-card";
import { RowActions, useRowActions } from "@/components/ui/row-actions";
import { orderedClipsQueryOptions } from "../api";
import { useClipMutations } from "../mutations";

/** docs/product.md §2 "Existing Clips"; a delete asks first, like providers and episodes (the clip's article goes with it). */
export function ClipAdminList({ onEdit }: { onEdit: (clip: ClipListItem) => void }) {
  const clips = useQuery(orderedClipsQueryOptions());
  const list = clips.data ?? [];

  const rowActions = useRowActions({
    noun: "clip",
    list,
    mutations: useClipMutations(),
    deleted: { title: "Clip deleted", description: "The clip has been deleted successfully" },
    confirm: "Are you sure you want to delete this clip? Its article is deleted with it.",
  });

  return (
    <AdminCard id="clip-list" title="Existing Clips">
      <ListStates isPending={clips.isPending} isEmpty={list.length === 0} empty={<p>No clips found</p>}>
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
                <RowActions item={clip} ordered={list} label={clip.title} onEdit={onEdit} {...rowActions} />
              </div>
            </li>
          ))}
        </ol>
      </ListStates>
    </AdminCard>
  );
}
