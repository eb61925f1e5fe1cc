import { Link } from "wouter";
import { usePageTitle } from "@/hooks/use-page-title";
import { cardStyle } from "@/lib/site";
import { NOT_FOUND_LABEL } from "@shared/routes";
import { useT } from "@/lib/i18n";

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t(NOT_FOUND_LABEL));
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24">
      <div className="card p-8" style={cardStyle(0.3)}>
        <h1 className="text-3xl font-bold">{t("notFound.title")}</h1>
        <p className="mt-4 text-lg">{t("notFound.text")}</p>
        <Link href="/" className="btn mt-8">
          {t("common.backToHome")}
        </Link>
      </div>
    </main>
  );
}
