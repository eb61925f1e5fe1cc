import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import type { ClipListItem } from "@shared/api";
import { YouTubeEmbed } from "@/components/embed-facade";
import { ScrollStrip } from "@/components/scroll-strip";
import { cardOpacity } from "@/lib/card-opacity";
import { useT } from "@/lib/i18n";
import { cardStyle } from "@/lib/site";
import { publicClipsQueryOptions } from "../api";
import { href } from "@shared/routes";
import { KeyQuote } from "./key-quote";

/** docs/product.md §9: clip cards are 260 px wide with a 462 px (9:16) video; the strip scrolls 280 px. */
const CLIP_CARD_WIDTH = 260;
const CLIP_EMBED_HEIGHT = 462;
const CLIP_SCROLL_STEP = 280;

function ClipCard({ clip, index }: { clip: ClipListItem; index: number }) {
  const t = useT();
  return (
    <article
      className="card group flex shrink-0 flex-col gap-3 p-3"
      style={{ ...cardStyle(cardOpacity(index)), width: CLIP_CARD_WIDTH + 24 }}
      aria-label={clip.title}
    >
      <YouTubeEmbed
        src={clip.youtubeEmbedUrl}
        title={clip.title}
        width={CLIP_CARD_WIDTH}
        height={CLIP_EMBED_HEIGHT}
        poster={clip.posterPath}
        track={`clip:${clip.slug}`}
      />
      <Link href={href.clip(clip.slug)} className="flex flex-col gap-2 rounded-lg no-underline">
        <h3 dir="auto" className="text-lg font-semibold leading-snug wrap-anywhere group-hover:underline">
          {clip.title}
        </h3>
        <KeyQuote quote={clip.keyQuote} as="p" className="italic wrap-anywhere" />
        {clip.description ? (
          <p dir="auto" className="line-clamp-3 text-sm leading-relaxed wrap-anywhere">
            {clip.description}
          </p>
        ) : null}
        <span className="text-sm font-semibold opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100">
          {t("home.viewFullArticle")}
        </span>
      </Link>
    </article>
  );
}

/** The home page's 'Watch Clips'; a show without clips has no such strip (an empty heading promises what is not there). */
export function ClipsStrip() {
  const { data: clips, isPending, isError } = useQuery(publicClipsQueryOptions());
  const t = useT();
  if (!isPending && !isError && clips.length === 0) return null;
  return (
    <ScrollStrip
      id="watch-clips"
      title={t("home.watchClips")}
      step={CLIP_SCROLL_STEP}
      scrollLabels={{ left: t("home.scrollClipsLeft"), right: t("home.scrollClipsRight") }}
    >
      {isPending ? (
        <p role="status">{t("home.loadingClips")}</p>
      ) : isError ? (
        <p>{t("home.noClips")}</p>
      ) : (
        clips.map((clip, index) => <ClipCard key={clip.id} clip={clip} index={index} />)
      )}
    </ScrollStrip>
  );
}
