import { useQuery } from "@tanstack/react-query";
import type { Provider } from "@shared/api";
import { OrderedAdminList } from "@/features/ordered-lists/admin/ordered-admin-list";
import { useAdminT } from "@/lib/i18n";
import { orderedProvidersQueryOptions } from "../api";
import { useProviderMutations } from "./mutations";
import { ProviderIcon } from "../public/provider-icon";

/** docs/product.md §2 "Current Providers". */
export function ProviderAdminList({ onEdit }: { onEdit: (provider: Provider) => void }) {
  const t = useAdminT();
  const providers = useQuery(orderedProvidersQueryOptions());
  return (
    <OrderedAdminList
      id="provider-list"
      title={t("providerList.title")}
      items={providers.data ?? []}
      isPending={providers.isPending}
      empty={<p>{t("providerList.empty")}</p>}
      labelOf={(provider) => provider.name}
      onEdit={onEdit}
      actions={{
        noun: "provider",
        mutations: useProviderMutations(),
        deleted: { title: t("providerList.deleted"), description: t("providerList.deletedDescription") },
        confirm: t("providerList.confirmDelete"),
      }}
      // Name and URL get the row's whole width; the buttons sit under them.
      actionsBelow
      row={(provider) => (
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
      )}
    />
  );
}
