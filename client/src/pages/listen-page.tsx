import { BackLink } from "@/components/back-link";
import { CopyFeedButton } from "@/features/providers/public/copy-feed-button";
import { ProviderGrid } from "@/features/providers/public/provider-grid";
import { MessageLink } from "@/features/messages/public/message-link";
import { usePageTitle } from "@/hooks/use-page-title";
import { ROUTES } from "@shared/routes";
import { useT } from "@/lib/i18n";

export function ListenPage() {
  const t = useT();
  usePageTitle(t(ROUTES.listen.label));
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8">
      <BackLink />
      <h1 className="mt-6 mb-8 text-4xl font-extrabold">{t("listen.title")}</h1>
      <ProviderGrid />
      <CopyFeedButton />
      <MessageLink className="mt-8" />
    </main>
  );
}
