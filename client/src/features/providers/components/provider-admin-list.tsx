import { useQuery } from "@tanstack/react-query";
import type { Provider } from "@shared/api";
import { RowActions } from "@/components/ui/row-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { swapNeighbour, type MoveDirection } from "@/lib/sort-order";
import { orderedProvidersQueryOptions, useProviderMutations } from "../api";
import { ProviderIcon } from "./provider-icon";

/** docs/product.md §2 "Current Providers". */
export function ProviderAdminList({ onEdit }: { onEdit: (provider: Provider) => void }) {
  const providers = useQuery(orderedProvidersQueryOptions());
  const { remove, swap } = useProviderMutations();
  const list = providers.data ?? [];

  const onMove = (provider: Provider, direction: MoveDirection) => {
    const neighbour = swapNeighbour(list, provider.id, direction);
    if (neighbour) swap.mutate({ id: provider.id, withId: neighbour.id }, { onError: () => toastError("Failed to update provider") });
  };
  const onDelete = (provider: Provider) => {
    if (!window.confirm("Are you sure you want to delete this provider?")) return;
    remove.mutate(provider.id, {
      onSuccess: () => toast({ title: "Provider deleted", description: "The provider has been removed successfully" }),
      onError: () => toastError("Failed to delete provider"),
    });
  };

  return (
    <section className="card p-6" aria-labelledby="provider-list-heading">
      <h2 id="provider-list-heading" className="text-xl font-bold">
        Current Providers
      </h2>
      {providers.isPending ? (
        <p className="mt-4" role="status">
          Loading...
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4">No providers configured yet.</p>
      ) : (
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
                <RowActions item={provider} ordered={list} label={provider.name} onMove={onMove} onEdit={onEdit} onDelete={onDelete} isBusy={swap.isPending} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
