import type { Episode } from "@shared/api";
import { useEditing } from "@/hooks/use-editing";
import { AdminScreen } from "@/components/admin-screen";
import { EpisodeAdminList } from "@/features/episodes/components/episode-admin-list";
import { EpisodeForm } from "@/features/episodes/components/episode-form";
import { DeletedFeedEpisodes } from "@/features/feed/components/deleted-feed-episodes";

export function EpisodesAdminPage() {
  const { editing, edit, done } = useEditing<Episode>();
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
