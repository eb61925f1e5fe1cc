import { useQueries, useQuery } from "@tanstack/react-query";
import { Banner } from "@/components/banner";
import { useBannerImages } from "@/features/identity/api";
import { AuditionIntro } from "@/features/auditions/public/audition-intro";
import { AuditionUnlock } from "@/features/auditions/public/audition-unlock";
import { settingQueryOptions } from "@/features/settings/api";
import { usePageTitle } from "@/hooks/use-page-title";
import { DEFAULT_PODCAST_TITLE } from "@/lib/site";
import { ROUTES } from "@shared/routes";
import { WithCatalogueParts } from "@/lib/catalogue-parts";
import { useT } from "@/lib/i18n";
import { EDITORS_PAGE_PARTS } from "@shared/locales/parts";

/** The editors' page, with its own words (the audition's, its form's rules). */
export function EditorsPage() {
  return (
    <WithCatalogueParts parts={EDITORS_PAGE_PARTS} probe="audition.heading">
      <Editors />
    </WithCatalogueParts>
  );
}

function Editors() {
  const title = useQuery(settingQueryOptions("podcast_title")).data || DEFAULT_PODCAST_TITLE;
  const banners = useBannerImages();
  const t = useT();
  usePageTitle(t(ROUTES.editors.label));
  const [intro, ...bullets] = useQueries({
    queries: (["editors_intro", "editors_bullet_1", "editors_bullet_2", "editors_bullet_3"] as const).map((key) =>
      settingQueryOptions(key),
    ),
  });
  return (
    <>
      <Banner title={title} tagline={t("audition.tagline")} images={banners} />
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <AuditionIntro intro={intro?.data} bullets={bullets.map((q) => q.data)} />
        <AuditionUnlock />
      </main>
    </>
  );
}
