import { useSearch } from "wouter";
import { ArchiveView } from "@/features/episodes/public/archive-view";

export function ArchivePage() {
  const search = new URLSearchParams(useSearch());
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const q = (search.get("q") ?? "").trim();
  const seasonText = search.get("season");
  const season = seasonText && /^\d{1,6}$/.test(seasonText) ? Number(seasonText) : null;
  // One view for every search: the box is never re-made while the visitor types in it.
  return <ArchiveView page={page} q={q} season={season} />;
}
