import { AdminScreen } from "@/components/admin-screen";
import { AccessLogTable } from "@/features/editors/components/access-log-table";
import { EditorsContentForm } from "@/features/editors/components/editors-content-form";

export function EditorsAdminPage() {
  return (
    <AdminScreen title="Editors Page Management">
      <div className="mt-6 space-y-6">
        <EditorsContentForm />
        <AccessLogTable />
      </div>
    </AdminScreen>
  );
}
