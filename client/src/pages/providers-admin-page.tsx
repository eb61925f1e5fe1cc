import { useState } from "react";
import type { Provider } from "@shared/api";
import { AdminScreen } from "@/components/admin-screen";
import { ProviderAdminList } from "@/features/providers/components/provider-admin-list";
import { ProviderForm } from "@/features/providers/components/provider-form";

export function ProvidersAdminPage() {
  const [editing, setEditing] = useState<Provider | null>(null);
  return (
    <AdminScreen title="Podcast Providers" subtitle="Manage podcast platform links and providers">
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProviderForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
        <ProviderAdminList onEdit={setEditing} />
      </div>
    </AdminScreen>
  );
}
