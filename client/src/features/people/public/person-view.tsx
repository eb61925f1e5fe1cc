import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Episode } from "@shared/api";
import { BackLink } from "@/components/back-link";
import { NotFoundNotice } from "@/components/not-found-notice";
import { usePageTitle } from "@/hooks/use-page-title";
import { useLocale, useT } from "@/lib/i18n";
import { personQueryOptions } from "../api";
import { roleLabel } from "@shared/people-roles";
import { PersonPicture } from "./episode-people";

/**
 * /people/{slug} (docs/product.md "Listening"): a person the feed names, with their picture,
 * roles and link, and every published episode they are in (drawn by `episodes`, the episodes
 * feature's list).
 */
export function PersonView({ slug, episodes }: { slug: string; episodes: (list: Episode[]) => ReactNode }) {
  const { data, isPending } = useQuery(personQueryOptions(slug));
  const t = useT();
  const locale = useLocale();
  usePageTitle(data?.person.name);
  if (isPending)
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <p role="status">{t("common.loading")}</p>
      </main>
    );
  if (!data) return <NotFoundNotice title={t("person.notFoundTitle")} text={t("person.notFoundText")} />;
  const { person } = data;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <BackLink />
      <div className="mt-6 flex items-center gap-4">
        <PersonPicture person={person} size={96} />
        <div className="min-w-0">
          <h1 dir="auto" className="text-3xl font-extrabold wrap-anywhere sm:text-4xl">
            {person.name}
          </h1>
          {person.roles.length > 0 ? (
            <p className="mt-1 font-semibold">
              {new Intl.ListFormat(locale, { type: "unit" }).format(person.roles.map((role) => roleLabel(role, t)))}
            </p>
          ) : null}
          {person.href ? (
            <p className="mt-1">
              <a href={person.href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
                <Trans id="person.website" values={{ name: <>{person.name}</> }} components={{ 0: <span className="sr-only" /> }} />
              </a>
            </p>
          ) : null}
        </div>
      </div>
      <h2 className="mt-10 text-2xl font-bold">{t("episodes.count", { count: data.episodes.length })}</h2>
      {episodes(data.episodes)}
    </main>
  );
}
