import type { Provider } from "@shared/api";
import { useEditing } from "@/hooks/use-editing";
import { AdminScreen } from "@/components/admin/admin-screen";
import { ProviderAdminList } from "@/features/providers/admin/provider-admin-list";
import { ProviderForm } from "@/features/providers/admin/provider-form";
import { useAdminT } from "@/lib/i18n";

export function ProvidersAdminPage() {
  const t = useAdminT();
  const { editing, edit, done } = useEditing<Provider>();
  return (
    <AdminScreen title={t("route.adminProviders")} subtitle={t("providersPage.subtitle")}>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProviderForm key={editing?.id ?? "new"} editing={editing} onDone={done} />
        <ProviderAdminList onEdit={edit} />
      </div>
    </AdminScreen>
  );
}
