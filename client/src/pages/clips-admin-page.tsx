import type { ClipListItem } from "@shared/api";
import { useEditing } from "@/hooks/use-editing";
import { AdminScreen } from "@/components/admin/admin-screen";
import { ClipAdminList } from "@/features/clips/admin/clip-admin-list";
import { ClipForm } from "@/features/clips/admin/clip-form";
import { useAdminT } from "@/lib/i18n";

export function ClipsAdminPage() {
  const t = useAdminT();
  const { editing, edit, done } = useEditing<ClipListItem>();
  return (
    <AdminScreen title={t("route.adminClips")}>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ClipForm key={editing?.id ?? "new"} editing={editing} onDone={done} />
        <ClipAdminList onEdit={edit} />
      </div>
    </AdminScreen>
  );
}
