import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ClipListItem } from "@shared/api";
import { BackLink } from "@/components/back-link";
import { useRequireAdmin } from "@/features/auth/use-require-admin";
import { orderedClipsQueryOptions } from "@/features/clips/api";
import { ClipAdminList } from "@/features/clips/components/clip-admin-list";
import { ClipForm } from "@/features/clips/components/clip-form";
import { PAGE_LABELS } from "@shared/page-titles";
import { usePageTitle } from "@/hooks/use-page-title";
import { paths } from "@/lib/paths";

export function ClipsAdminPage() {
  usePageTitle(PAGE_LABELS.adminClips);
  const { isAdmin } = useRequireAdmin();
  const [editing, setEditing] = useState<ClipListItem | null>(null);
  const clips = useQuery({ ...orderedClipsQueryOptions(), enabled: isAdmin });
  if (!isAdmin) return null;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <BackLink href={paths.admin} label="Back to Dashboard" />
      <h1 className="mt-4 text-3xl font-bold">Clip Management</h1>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ClipForm key={editing?.id ?? "new"} editing={editing} clips={clips.data ?? []} onDone={() => setEditing(null)} />
        <ClipAdminList onEdit={setEditing} />
      </div>
    </main>
  );
}
