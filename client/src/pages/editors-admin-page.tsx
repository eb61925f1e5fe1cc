import { Link } from "wouter";
import { ROUTES } from "@shared/routes";
import { AdminScreen } from "@/components/admin/admin-screen";
import { AccessLogTable } from "@/features/auditions/admin/access-log-table";
import { EditorsContentForm } from "@/features/auditions/admin/editors-content-form";
import { useAdminT } from "@/lib/i18n";

export function EditorsAdminPage() {
  const t = useAdminT();
  return (
    <AdminScreen title={t("route.adminEditors")}>
      <p className="mt-4">
        <Link href={ROUTES.adminAuditions.path} className="btn btn-ghost">
          {t("adminEditors.handInsLink")}
        </Link>
      </p>
      <div className="mt-6 space-y-6">
        <EditorsContentForm />
        <AccessLogTable />
      </div>
    </AdminScreen>
  );
}
