import { useSearch } from "wouter";
import { ArchiveView } from "@/features/episodes/components/archive-view";

export function ArchivePage() {
  const search = new URLSearchParams(useSearch());
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const q = (search.get("q") ?? "").trim();
  // A new search starts its box afresh.
  return <ArchiveView key={q} page={page} q={q} />;
}
