import { useQuery } from "@tanstack/react-query";
import { ROUTES } from "@shared/routes";
import { AboutView } from "@/features/identity/public/about-view";
import { usePageTitle } from "@/hooks/use-page-title";
import { settingQueryOptions } from "@/features/settings/api";
import { DEFAULT_PODCAST_TITLE } from "@/lib/site";
import { useT } from "@/lib/i18n";

export function AboutPage() {
  const t = useT();
  const title = useQuery(settingQueryOptions("podcast_title")).data || DEFAULT_PODCAST_TITLE;
  const description = useQuery(settingQueryOptions("podcast_description")).data || t("site.defaultDescription");
  usePageTitle(t(ROUTES.about.label));
  return <AboutView showName={title} showDescription={description} />;
}
