import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { settingQueryOptions } from "@/features/settings/api";
import { TitledSection } from "@/components/titled-section";
import { useT } from "@/lib/i18n";

/** How long the button says 'Copied!' (docs/product.md §9: the copy confirmation). */
const CONFIRMATION_MS = 2000;

/**
 * 'Copy RSS feed' on the Listen page (docs/product.md "Listening"): the show's exact feed address
 * (rss_url), shown and copied, for any podcast app the providers do not cover; nothing without one.
 */
export function CopyFeedButton() {
  const t = useT();
  const url = useQuery(settingQueryOptions("rss_url")).data;
  const [said, setSaid] = useState<"" | "copied" | "failed">("");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  if (!url) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid("copied");
    } catch {
      setSaid("failed");
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setSaid(""), CONFIRMATION_MS);
  };
  return (
    <TitledSection id="feed" title={t("feed.title")} className="card mt-8 p-4" headingClassName="text-xl font-bold">
      <p className="mt-1">{t("feed.intro")}</p>
      <p className="mt-2 font-mono text-sm break-all">{url}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className="btn" onClick={copy}>
          {said === "copied" ? t("feed.copied") : t("feed.copy")}
        </button>
        <span role="status" className="text-sm">
          {said === "copied" ? t("feed.copiedStatus") : said === "failed" ? t("feed.copyFailed") : ""}
        </span>
      </div>
    </TitledSection>
  );
}
