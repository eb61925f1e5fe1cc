import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearch } from "wouter";
import type { Episode } from "@shared/api";
import { useEditing } from "@/hooks/use-editing";
import { AdminScreen } from "@/components/admin/admin-screen";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { episodeBySlugQueryOptions } from "@/features/episodes/api";
import { EpisodeAdminList } from "@/features/episodes/admin/episode-admin-list";
import { EpisodeForm } from "@/features/episodes/admin/episode-form";
import { DeletedFeedEpisodes } from "@/features/feed/admin/deleted-feed-episodes";
import { useAdminT } from "@/lib/i18n";

/** The episodes screen; `?edit={slug}` (the dashboard's Edit) opens that episode's edit. */
export function EpisodesAdminPage() {
  const t = useAdminT();
  const { editing, edit, done } = useEditing<Episode>();
  const asked = new URLSearchParams(useSearch()).get("edit");
  const linked = useQuery({ ...episodeBySlugQueryOptions(asked ?? ""), enabled: !!asked });
  const linkedState = useSavedDataState(linked);
  // The address opens its episode's edit once: the same episode read again later (after a save,
  // or by the edit form) must not open it again.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!linked.data || opened.current === asked) return;
    opened.current = asked;
    edit(linked.data);
  }, [linked.data, asked, edit]);
  // The episode the address names, not an empty 'Add New Episode', until it has arrived (docs/product.md "The owner's work").
  const isWaiting = !!asked && linkedState !== "ready";
  return (
    <AdminScreen title={t("route.adminEpisodes")}>
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        {isWaiting ? (
          <div className="card p-6">
            <SavedDataStatus query={linked} state={linkedState === "failed" ? "failed" : "loading"} failed={t("episodesPage.loadFailed")} />
          </div>
        ) : (
          <EpisodeForm key={editing?.id ?? "new"} editing={editing} onDone={done} />
        )}
        <div className="space-y-6">
          <EpisodeAdminList onEdit={edit} />
          <DeletedFeedEpisodes />
        </div>
      </div>
    </AdminScreen>
  );
}
