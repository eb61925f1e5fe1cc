import { useQuery } from "@tanstack/react-query";
import { identityQueryOptions } from "../api";

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
