import { useState } from "react";
import type { ClipListItem } from "@shared/api";
import { AdminScreen } from "@/components/admin-screen";
import { ClipAdminList } from "@/features/clips/components/clip-admin-list";
import { ClipForm } from "@/features/clips/components/clip-form";

export function ClipsAdminPage() {
  const [editing, setEditing] = useState<ClipListItem | null>(null);
  return (
    <AdminScreen title="Clip Management">
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ClipForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
        <ClipAdminList onEdit={setEditing} />
      </div>
    </AdminScreen>
  );
}
