import { usePageTitle } from "@/hooks/use-page-title";
import { NOT_FOUND_LABEL } from "@shared/routes";
import { BackLink } from "./back-link";
import { useT } from "@/lib/i18n";

/** What an episode, clip or person page shows when its slug names nothing published: a heading, why, and the way home. */
export function NotFoundNotice({ title, text }: { title: string; text: string }) {
  const t = useT();
  usePageTitle(t(NOT_FOUND_LABEL));
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <div className="card p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3">{text}</p>
        <div className="mt-6 flex justify-center">
          <BackLink />
        </div>
      </div>
    </main>
  );
}
