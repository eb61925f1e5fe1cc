import { useState } from "react";
import type { Episode } from "@shared/api";
import { AdminScreen } from "@/components/admin-screen";
import { EpisodeAdminList } from "@/features/episodes/components/episode-admin-list";
import { EpisodeForm } from "@/features/episodes/components/episode-form";

export function EpisodesAdminPage() {
  const [editing, setEditing] = useState<Episode | null>(null);
  return (
    <AdminScreen title="Episode Management">
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <EpisodeForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
        <EpisodeAdminList onEdit={setEditing} />
      </div>
    </AdminScreen>
  );
}
