import type { ClipListItem } from "@shared/api";
import { useEditing } from "@/hooks/use-editing";
import { AdminScreen } from "@/components/admin/admin-screen";
import { ClipAdminList } from "@/features/clips/admin/clip-admin-list";
import { ClipForm } from "@/features/clips/admin/clip-form";

export function ClipsAdminPage() {
  const { editing, edit, done } = useEditing<ClipListItem>();
  return (
    <AdminScreen title="Clip Management">
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ClipForm key={editing?.id ?? "new"} editing={editing} onDone={done} />
        <ClipAdminList onEdit={edit} />
      </div>
    </AdminScreen>
  );
}
