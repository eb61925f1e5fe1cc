import { BackLink } from "@/components/back-link";
import { MessageStart } from "@/features/messages/public/message-start";
import { usePageTitle } from "@/hooks/use-page-title";
import { ROUTES } from "@shared/routes";
import { useT } from "@/lib/i18n";

/** /message: a listener sends the show a voice or a written message. */
export function MessagePage() {
  const t = useT();
  usePageTitle(t(ROUTES.message.label));
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <BackLink />
      <div className="mt-6">
        <MessageStart />
      </div>
    </main>
  );
}
