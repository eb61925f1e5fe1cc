import { decodeSegment } from "@shared/routes";
import { EpisodeList } from "@/features/episodes/public/episode-list";
import { PersonView } from "@/features/people/public/person-view";
import { useT } from "@/lib/i18n";

export function PersonPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT();
  return (
    <PersonView
      slug={decodeSegment(params.slug ?? "")}
      episodes={(list) => <EpisodeList episodes={list} label={t("person.episodesLabel")} />}
    />
  );
}
