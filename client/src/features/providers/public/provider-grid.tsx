import { useQuery } from "@tanstack/react-query";
import { useT } from "@/lib/i18n";
import { cardStyle } from "@/lib/site";
import { orderedProvidersQueryOptions } from "../api";
import { ProviderIcon } from "./provider-icon";
import { ProviderLink } from "./provider-link";

export function ProviderGrid() {
  const t = useT();
  const { data: providers, isPending, isError } = useQuery(orderedProvidersQueryOptions());
  if (isPending) return <p role="status">{t("providers.loading")}</p>;
  if (isError || providers.length === 0) return <p>{t("providers.none")}</p>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("providers.label")}>
      {providers.map((provider) => (
        <li key={provider.id} className="min-w-0">
          <ProviderLink
            provider={provider}
            icon={<ProviderIcon icon={provider.icon} size={40} />}
            nameClassName="min-w-0 break-words"
            className="card flex min-h-16 items-center gap-4 p-4 text-lg font-semibold no-underline hover:underline"
            style={cardStyle(0.3)}
          />
        </li>
      ))}
    </ul>
  );
}
