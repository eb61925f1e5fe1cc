import { useQuery } from "@tanstack/react-query";
import type { Provider } from "@shared/api";
import { AdminCard, ListStates } from "@/components/ui/admin-card";
import { RowActions, useRowActions } from "@/components/ui/row-actions";
import { orderedProvidersQueryOptions } from "../api";
import { useProviderMutations } from "../mutations";
import { ProviderIcon } from "./provider-icon";

/** docs/product.md §2 "Current Providers". */
export function ProviderAdminList({ onEdit }: { onEdit: (provider: Provider) => void }) {
  const providers = useQuery(orderedProvidersQueryOptions());
  const list = providers.data ?? [];

  const rowActions = useRowActions({
    noun: "provider",
    list,
    mutations: useProviderMutations(),
    deleted: { title: "Provider deleted", description: "The provider has been removed successfully" },
    confirm: "Are you sure you want to delete this provider?",
  });

  return (
    <AdminCard id="provider-list" title="Current Providers">
      <ListStates isPending={providers.isPending} isEmpty={list.length === 0} empty={<p>No providers configured yet.</p>}>
        <ol className="mt-4 space-y-3" aria-label="Current Providers">
          {list.map((provider) => (
            <li key={provider.id} className="rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3" aria-label={provider.name}>
              {/* Name and URL get the row's whole width; the buttons sit under them. */}
              <div className="flex items-center gap-3">
                <ProviderIcon icon={provider.icon} size={40} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold wrap-anywhere" dir="auto">
                    {provider.name}
                  </p>
                  <p className="truncate text-sm" title={provider.url} dir="ltr">
                    {provider.url}
                  </p>
                </div>
              </div>
              <div className="mt-2 flex justify-end">
                <RowActions item={provider} ordered={list} label={provider.name} onEdit={onEdit} {...rowActions} />
              </div>
            </li>
          ))}
        </ol>
      </ListStates>
    </AdminCard>
  );
}
