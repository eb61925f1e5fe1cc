import { useQuery } from "@tanstack/react-query";
import type { ClipListItem } from "@shared/api";
import { OrderedAdminList } from "@/features/ordered-lists/admin/ordered-admin-list";
import { useAdminT } from "@/lib/i18n";
import { orderedClipsQueryOptions } from "../api";
import { useClipMutations } from "./mutations";

/** docs/product.md §2 "Existing Clips"; a delete asks first, like providers and episodes (the clip's article goes with it). */
export function ClipAdminList({ onEdit }: { onEdit: (clip: ClipListItem) => void }) {
  const t = useAdminT();
  const clips = useQuery(orderedClipsQueryOptions());
  return (
    <OrderedAdminList
      id="clip-list"
      title={t("clipList.title")}
      items={clips.data ?? []}
      isPending={clips.isPending}
      empty={<p>{t("clipList.empty")}</p>}
      labelOf={(clip) => clip.title}
      onEdit={onEdit}
      actions={{
        noun: "clip",
        mutations: useClipMutations(),
        deleted: { title: t("clipList.deleted"), description: t("clipList.deletedDescription") },
        confirm: t("clipList.confirmDelete"),
      }}
      row={(clip) => (
        <div className="min-w-0 flex-1 basis-64">
          <p dir="auto" className="font-semibold wrap-anywhere">
            {clip.title}
          </p>
          <p dir="auto" className="line-clamp-2 text-sm wrap-anywhere">
            {clip.description || t("clipList.noDescription")}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <span>{t("clipList.order", { order: clip.sortOrder })}</span>
            <span className={clip.isPublished ? "badge badge-published" : "badge"}>
              {clip.isPublished ? t("clipList.published") : t("clipList.draft")}
            </span>
            <span className="min-w-0 max-w-full truncate">/clips/{clip.slug}</span>
          </p>
        </div>
      )}
    />
  );
}
