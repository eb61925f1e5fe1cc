import { useQuery } from "@tanstack/react-query";
import { identityQueryOptions } from "../api";

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The show's support links (podcast:funding, docs/product.md "Listening"): 'Support the show', or
 * the tag's own words when it has them; nothing when the feed has none.
 */
export function SupportLinks({ className }: { className?: string }) {
  const funding = useQuery(identityQueryOptions()).data?.links.funding ?? [];
  if (funding.length === 0) return null;
  return (
    <p className={`flex flex-wrap gap-2 ${className ?? ""}`}>
      {funding.map((link) => (
        <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer" className="btn" dir="auto">
          {link.label || "Support the show"}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ))}
    </p>
  );
}

/** The shows the feed recommends (podcast:podroll items with a feed address): 'Shows we recommend', each linking to its feed. */
export function RecommendedShows() {
  const shows = useQuery(identityQueryOptions()).data?.links.podroll ?? [];
  if (shows.length === 0) return null;
  return (
    <section aria-labelledby="podroll-heading" className="mx-auto max-w-6xl px-4 pt-10">
      <h2 id="podroll-heading" className="text-2xl font-bold">
        Shows we recommend
      </h2>
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
    </section>
  );
}
