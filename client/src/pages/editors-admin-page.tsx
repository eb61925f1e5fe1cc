import { BackLink } from "@/components/back-link";
import { useRequireAdmin } from "@/features/auth/use-require-admin";
import { AccessLogTable } from "@/features/editors/components/access-log-table";
import { EditorsContentForm } from "@/features/editors/components/editors-content-form";
import { PAGE_LABELS } from "@shared/page-titles";
import { usePageTitle } from "@/hooks/use-page-title";
import { paths } from "@/lib/paths";

export function EditorsAdminPage() {
  usePageTitle(PAGE_LABELS.adminEditors);
  const { isAdmin } = useRequireAdmin();
  if (!isAdmin) return null;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <BackLink href={paths.admin} label="Back to Dashboard" />
      <h1 className="mt-4 text-3xl font-bold">Editors Page Management</h1>
      <div className="mt-6 space-y-6">
        <EditorsContentForm />
        <AccessLogTable />
      </div>
    </main>
  );
}
