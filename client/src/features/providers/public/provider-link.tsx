import type { AnchorHTMLAttributes, ReactNode } from "react";
import type { Provider } from "@shared/api";
import { useT } from "@/lib/i18n";

/**
 * A link to the show on one provider, as the Listen menu and the Listen page give it: it opens in
 * a new tab and says so, and a press on it is counted as that provider's (`data-track`).
 */
export function ProviderLink({
  provider,
  icon,
  nameClassName,
  ...anchor
}: { provider: Pick<Provider, "id" | "name" | "url">; icon: ReactNode; nameClassName: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const t = useT();
  return (
    <a href={provider.url} target="_blank" rel="noopener" data-track={`provider:${provider.id}`} {...anchor}>
      {icon}
      <span dir="auto" className={nameClassName}>
        {provider.name}
      </span>
      <span className="sr-only"> {t("providers.opensInNewTab")}</span>
    </a>
  );
}
