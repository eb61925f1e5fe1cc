import type { Episode, EpisodePerson, PersonPage } from "../../../shared/api";
import { SLUG_PATTERN } from "../../../shared/slug";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/errors";
import { findPersonPage, listEpisodePeople, listPeopleWithPages } from "./storage";

export interface PeopleService {
  /** A person's page: who they are and every published episode they are in; 404 when unknown or in nothing published. */
  page(slug: string): Promise<PersonPage>;
  /** Who is in an episode: its own people, else the show's. */
  ofEpisode(episodeId: number): Promise<EpisodePerson[]>;
  /** Everyone with a page, for the sitemap. */
  withPages(): Promise<{ slug: string; updatedAt: string }[]>;
}

/**
 * The people the feed names (docs/product.md "Listening"), as visitors see them. A person has a
 * page while the show names them or a published episode does; their episodes are read through
 * `listPublished` (the episodes service's, so they look as every list shows them).
 */
export function createPeopleService(db: Db, { listPublished }: { listPublished: (ids: number[]) => Promise<Episode[]> }): PeopleService {
  return {
    async page(slug) {
      // No stored slug can differ from the pattern, so anything else is not found without a query.
      const found = SLUG_PATTERN.test(slug) ? await findPersonPage(db, slug) : null;
      if (!found || (found.episodeIds.length === 0 && !found.isShowPerson)) throw notFound("error.personNotFound");
      return { person: found.person, episodes: await listPublished(found.episodeIds) };
    },
    ofEpisode: (episodeId) => listEpisodePeople(db, episodeId),
    async withPages() {
      return (await listPeopleWithPages(db)).map((p) => ({ slug: p.slug, updatedAt: p.updatedAt.toISOString() }));
    },
  };
}
