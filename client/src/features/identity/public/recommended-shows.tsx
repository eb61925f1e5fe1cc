import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { TitledSection } from "@/components/titled-section";
import { useT } from "@/lib/i18n";
import { identityQueryOptions } from "../api";

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The shows the feed recommends (podcast:podroll items with a feed address): 'Shows we recommend', each linking to its feed. */
export function RecommendedShows() {
  const shows = useQuery(identityQueryOptions()).data?.links.podroll ?? [];
  const t = useT();
  if (shows.length === 0) return null;
  return (
    <TitledSection id="podroll" title={t("home.recommendedShows")} className="mx-auto max-w-6xl px-4 pt-10">
      <ul className="mt-4 flex flex-wrap gap-2">
        {shows.map((show) => (
          <li key={show.url}>
            <a href={show.url} target="_blank" rel="noopener noreferrer nofollow" className="btn btn-ghost" dir="auto">
              {/* The show's name as an element: the feed's words are never read as the message's tags. */}
              <Trans
                id="home.recommendedShowLink"
                values={{ name: <>{show.title || hostOf(show.url)}</> }}
                components={{ 0: <span className="sr-only" /> }}
              />
            </a>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
