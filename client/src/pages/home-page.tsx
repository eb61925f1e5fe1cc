import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Banner } from "@/components/banner";
import { useBannerImages } from "@/features/identity/api";
import { ClipsStrip } from "@/features/clips/public/clips-strip";
import { EpisodesStrip } from "@/features/episodes/public/episodes-strip";
import { TrailerCard } from "@/features/episodes/public/trailer-card";
import { RecommendedShows } from "@/features/identity/public/recommended-shows";
import { SupportLinks } from "@/features/identity/public/support-links";
import { PlayEpisodeButton } from "@/features/player/public/play-episode-button";
import { toPlayerEpisode } from "@/features/player/player-store";
import { ListenMenu } from "@/features/providers/public/listen-menu";
import { MessageLink } from "@/features/messages/public/message-link";
import { settingQueryOptions } from "@/features/settings/api";
import { DEFAULT_PODCAST_TITLE } from "@/lib/site";
import { useT } from "@/lib/i18n";
import { usePageTitle, useSiteName } from "@/hooks/use-page-title";
import type { Episode } from "@shared/api";
import { ROUTES } from "@shared/routes";

export function HomePage() {
  const t = useT();
  const title = useQuery(settingQueryOptions("podcast_title")).data || DEFAULT_PODCAST_TITLE;
  const description = useQuery(settingQueryOptions("podcast_description")).data || t("site.defaultDescription");
  const banners = useBannerImages();
  const showName = useSiteName();
  usePageTitle();
  const play = (episode: Episode) => (episode.audioUrl ? <PlayEpisodeButton episode={toPlayerEpisode(episode, showName)} /> : null);
  return (
    <>
      <Banner
        title={title}
        images={banners}
        nav={
          <>
            <Link href={ROUTES.about.path} className="banner-btn">
              {t(ROUTES.about.label)}
            </Link>
            <ListenMenu />
          </>
        }
      />
      <main id="main" className="pb-12">
        <div className="mx-auto max-w-6xl px-4 pt-8">
          <h1 className="sr-only">{title}</h1>
          <p dir="auto" className="text-lg font-medium wrap-anywhere sm:text-xl">
            {description}
          </p>
          <SupportLinks className="mt-4" />
          <MessageLink className="mt-4" />
        </div>
        <TrailerCard play={play} />
        <EpisodesStrip play={play} />
        <ClipsStrip />
        <RecommendedShows />
      </main>
    </>
  );
}
