import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Provider } from "@shared/api";
import { BackLink } from "@/components/back-link";
import { useRequireAdmin } from "@/features/auth/use-require-admin";
import { providersQueryOptions } from "@/features/providers/api";
import { ProviderAdminList } from "@/features/providers/components/provider-admin-list";
import { ProviderForm } from "@/features/providers/components/provider-form";
import { PAGE_LABELS } from "@shared/page-titles";
import { usePageTitle } from "@/hooks/use-page-title";
import { paths } from "@/lib/paths";

export function ProvidersAdminPage() {
  usePageTitle(PAGE_LABELS.adminProviders);
  const { isPending, isAdmin } = useRequireAdmin();
  const [editing, setEditing] = useState<Provider | null>(null);
  const providers = useQuery({ ...providersQueryOptions(), enabled: isAdmin });
  if (isPending) {
    return (
      <main id="main" className="p-8">
        <p role="status">Loading...</p>
      </main>
    );
  }
  if (!isAdmin) return null;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <BackLink href={paths.admin} label="Back to Dashboard" />
      <h1 className="mt-4 text-3xl font-bold">Podcast Providers</h1>
      <p className="mt-1 text-lg">Manage podcast platform links and providers</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProviderForm key={editing?.id ?? "new"} editing={editing} providers={providers.data ?? []} onDone={() => setEditing(null)} />
        <ProviderAdminList onEdit={setEditing} />
      </div>
    </main>
  );
}
