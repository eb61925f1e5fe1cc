import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearch } from "wouter";
import type { Episode } from "@shared/api";
import { useEditing } from "@/hooks/use-editing";
import { AdminScreen } from "@/components/admin-screen";
import { episodeBySlugQueryOptions } from "@/features/episodes/api";
import { EpisodeAdminList } from "@/features/episodes/components/episode-admin-list";
import { EpisodeForm } from "@/features/episodes/components/episode-form";
import { DeletedFeedEpisodes } from "@/features/feed/components/deleted-feed-episodes";

/** The episodes screen; `?edit={slug}` (the dashboard's Edit) opens that episode's edit. */
export function EpisodesAdminPage() {
  const { editing, edit, done } = useEditing<Episode>();
  const asked = new URLSearchParams(useSearch()).get("edit");
  const linked = useQuery({ ...episodeBySlugQueryOptions(asked ?? ""), enabled: !!asked });
  useEffect(() => {
    if (linked.data) edit(linked.data);
  }, [linked.data, edit]);
  return (
    <AdminScreen title="Episode Management">
      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <EpisodeForm key={editing?.id ?? "new"} editing={editing} onDone={done} />
        <div className="space-y-6">
          <EpisodeAdminList onEdit={edit} />
          <DeletedFeedEpisodes />
        </div>
      </div>
    </AdminScreen>
  );
}
