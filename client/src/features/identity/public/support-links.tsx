import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useT } from "@/lib/i18n";
import { identityQueryOptions } from "../api";

/**
 * The show's support links (podcast:funding, docs/product.md "Listening"): 'Support the show', or
 * the tag's own words when it has them; nothing when the feed has none.
 */
export function SupportLinks({ className }: { className?: string }) {
  const funding = useQuery(identityQueryOptions()).data?.links.funding ?? [];
  const t = useT();
  if (funding.length === 0) return null;
  return (
    <p className={`flex flex-wrap gap-2 ${className ?? ""}`}>
      {funding.map((link) => (
        <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer" className="btn" dir="auto">
          {/* The feed's words as an element: never read as the message's tags. */}
          <Trans
            id="common.newTabLink"
            values={{ label: <>{link.label || t("support.defaultLabel")}</> }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </a>
      ))}
    </p>
  );
}
