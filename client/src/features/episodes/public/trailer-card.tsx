import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { Episode } from "@shared/api";
import { href } from "@shared/routes";
import { useT } from "@/lib/i18n";
import { latestEpisodesQueryOptions } from "../api";

/**
 * The show's newest trailer (itunes:episodeType trailer, docs/product.md "Listening"), offered on
 * the home page as where a new listener starts; nothing when the show has none.
 */
export function TrailerCard({ play }: { play: (episode: Episode) => ReactNode }) {
  const trailer = useQuery(latestEpisodesQueryOptions()).data?.trailer;
  const t = useT();
  if (!trailer) return null;
  return (
    <section aria-labelledby="trailer-heading" className="mx-auto max-w-6xl px-4 pt-6">
      <div className="flex items-center gap-4 rounded-xl bg-media p-4 text-white">
        {play(trailer)}
        <div className="min-w-0">
          <h2 id="trailer-heading" className="text-lg font-bold">
            {t("home.trailerHeading")}
          </h2>
          <Link href={href.episode(trailer.slug)} dir="auto" className="underline wrap-anywhere">
            {trailer.title}
          </Link>
        </div>
      </div>
    </section>
  );
}
