import { decodeSegment } from "@shared/routes";
import { EpisodeList } from "@/features/episodes/public/episode-list";
import { PersonView } from "@/features/people/public/person-view";

export function PersonPage({ params }: { params: Record<string, string | undefined> }) {
  return <PersonView slug={decodeSegment(params.slug ?? "")} episodes={(list) => <EpisodeList episodes={list} label="Their episodes" />} />;
}
