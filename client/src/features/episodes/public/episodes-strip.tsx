import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Episode } from "@shared/api";
import { href, ROUTES } from "@shared/routes";
import { SpotifyEmbed } from "@/components/embed-facade";
import { Picture } from "@/components/picture";
import { ScrollStrip } from "@/components/scroll-strip";
import { cardOpacity } from "@/lib/card-opacity";
import { useT } from "@/lib/i18n";
import { cardStyle } from "@/lib/site";
import { latestEpisodesQueryOptions } from "../api";
import { EpisodeMeta } from "./episode-meta";

/** docs/product.md §9: episode cards are 320 px wide with a 152 px player; the strip scrolls 300 px a step. */
const EPISODE_CARD_WIDTH = 320;
const EPISODE_EMBED_HEIGHT = 152;
const EPISODE_SCROLL_STEP = 300;

/**
 * Without Spotify, the player's place holds the episode's artwork, a play button and the title, as
 * Spotify's poster does: the button is the site's own player (the page's `play`, from the player
 * feature), so one press plays it here.
 */
function EpisodePoster({ episode, play }: { episode: Episode; play: EpisodesStripProps["play"] }) {
  const t = useT();
  return (
    <div
      className="relative flex flex-col justify-between overflow-hidden rounded-xl bg-media p-4 text-white"
      style={{ height: EPISODE_EMBED_HEIGHT }}
    >
      {episode.imagePath ? (
        <span aria-hidden="true" className="pointer-events-none absolute inset-0">
          <Picture
            path={episode.imagePath}
            kind="artwork"
            sizes="296px"
            width={296}
            alt=""
            className="h-full w-full object-cover opacity-70"
          />
        </span>
      ) : (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 opacity-60"
          style={{ background: "radial-gradient(circle at 80% 20%, #8a4b2a, transparent 60%), linear-gradient(160deg, #241833, #120d1a)" }}
        />
      )}
      <span aria-hidden="true" className="relative text-xs font-semibold uppercase tracking-wider">
        {t("episode.posterKind")}
      </span>
      <span className="relative self-center">{play(episode)}</span>
      <p dir="auto" className="relative line-clamp-2 text-base font-semibold leading-snug wrap-anywhere">
        {episode.title}
      </p>
    </div>
  );
}

function EpisodeCard({ episode, index, play }: { episode: Episode; index: number; play: EpisodesStripProps["play"] }) {
  return (
    <article
      className="card flex shrink-0 flex-col gap-3 p-3"
      style={{ ...cardStyle(cardOpacity(index)), width: EPISODE_CARD_WIDTH }}
      aria-label={episode.title}
    >
      {episode.spotifyEmbedUrl ? (
        <SpotifyEmbed src={episode.spotifyEmbedUrl} title={episode.title} height={EPISODE_EMBED_HEIGHT} />
      ) : (
        <EpisodePoster episode={episode} play={play} />
      )}
      <h3 dir="auto" className="text-lg font-semibold leading-snug wrap-anywhere">
        <Link href={href.episode(episode.slug)}>{episode.title}</Link>
      </h3>
      <EpisodeMeta episode={episode} className="text-sm" />
      {episode.description ? (
        <p dir="auto" className="line-clamp-3 text-sm leading-relaxed wrap-anywhere">
          {episode.description}
        </p>
      ) : null}
    </article>
  );
}

/** The end of the strip when there are more episodes than it shows. */
function AllEpisodesCard() {
  const t = useT();
  return (
    <Link
      href={ROUTES.archive.path}
      className="card flex shrink-0 items-center justify-center p-6 text-center text-xl font-bold no-underline"
      style={{ ...cardStyle(0.4), width: EPISODE_CARD_WIDTH / 2 }}
    >
      {t("home.allEpisodesCard")}
    </Link>
  );
}

interface EpisodesStripProps {
  /** The play button of an episode that has its own audio (the player feature's, composed by the page). */
  play: (episode: Episode) => ReactNode;
}

/**
 * The home page's 'Latest Episodes': the first 12 published, in the admin's order, and a card to
 * the archive when there are more, so the page weighs the same with 12 episodes or 2,000.
 */
export function EpisodesStrip({ play }: EpisodesStripProps) {
  const { data, isPending, isError } = useQuery(latestEpisodesQueryOptions());
  const t = useT();
  return (
    <ScrollStrip
      id="latest-episodes"
      title={t("home.latestEpisodes")}
      step={EPISODE_SCROLL_STEP}
      scrollLabels={{ left: t("home.scrollEpisodesLeft"), right: t("home.scrollEpisodesRight") }}
    >
      {isPending ? (
        <p role="status">{t("episodes.loading")}</p>
      ) : isError || data.episodes.length === 0 ? (
        <p>{t("home.noEpisodes")}</p>
      ) : (
        <>
          {data.episodes.map((episode, index) => (
            <EpisodeCard key={episode.id} episode={episode} index={index} play={play} />
          ))}
          {data.total > data.episodes.length ? <AllEpisodesCard /> : null}
        </>
      )}
    </ScrollStrip>
  );
}
