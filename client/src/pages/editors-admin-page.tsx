import { Link } from "wouter";
import { ROUTES } from "@shared/routes";
import { AdminScreen } from "@/components/admin/admin-screen";
import { AccessLogTable } from "@/features/auditions/admin/access-log-table";
import { EditorsContentForm } from "@/features/auditions/admin/editors-content-form";

export function EditorsAdminPage() {
  return (
    <AdminScreen title="Editors Page Management">
      <p className="mt-4">
        <Link href={ROUTES.adminAuditions.path} className="btn btn-ghost">
          Audition hand-ins: listen and decide
        </Link>
      </p>
      <div className="mt-6 space-y-6">
        <EditorsContentForm />
        <AccessLogTable />
      </div>
    </AdminScreen>
  );
}
