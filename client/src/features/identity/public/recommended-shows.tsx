import { useQuery } from "@tanstack/react-query";
import { TitledSection } from "@/components/titled-section";
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
  if (shows.length === 0) return null;
  return (
    <TitledSection id="podroll" title="Shows we recommend" className="mx-auto max-w-6xl px-4 pt-10">
      <ul className="mt-4 flex flex-wrap gap-2">
        {shows.map((show) => (
          <li key={show.url}>
            <a href={show.url} target="_blank" rel="noopener noreferrer nofollow" className="btn btn-ghost" dir="auto">
              {show.title || hostOf(show.url)}
              <span className="sr-only"> (its feed, opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
