import { WelcomeForm } from "@/features/access/public/welcome-form";
import { usePageTitle } from "@/hooks/use-page-title";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@shared/routes";

/** `/welcome/{token}`: an invited person sets their password (docs/product.md "People with access"); noindex. */
export function WelcomePage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT();
  usePageTitle(t(ROUTES.welcome.label));
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col px-4 py-16">
      <WelcomeForm token={params.token ?? ""} />
    </main>
  );
}
