import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Episode } from "@shared/api";
import { BackLink } from "@/components/back-link";
import { useRequireAdmin } from "@/features/auth/use-require-admin";
import { orderedEpisodesQueryOptions } from "@/features/episodes/api";
import { EpisodeAdminList } from "@/features/episodes/components/episode-admin-list";
import { EpisodeForm } from "@/features/episodes/components/episode-form";
import { PAGE_LABELS } from "@shared/page-titles";
import { usePageTitle } from "@/hooks/use-page-title";
import { paths } from "@/lib/paths";

export function EpisodesAdminPage() {
  usePageTitle(PAGE_LABELS.adminEpisodes);
  const { isAdmin } = useRequireAdmin();
  const [editing, setEditing] = useState<Episode | null>(null);
  const episodes = useQuery({ ...orderedEpisodesQueryOptions(), enabled: isAdmin });
  // SPEC.md §2: nothing shows until the admin is known.
  if (!isAdmin) return null;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <BackLink href={paths.admin} label="Back to Dashboard" />
      <h1 className="mt-4 text-3xl font-bold">Episode Management</h1>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <EpisodeForm key={editing?.id ?? "new"} editing={editing} episodes={episodes.data ?? []} onDone={() => setEditing(null)} />
        <EpisodeAdminList onEdit={setEditing} />
      </div>
    </main>
  );
}
