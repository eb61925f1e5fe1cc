import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { BackLink } from "@/components/back-link";
import { Picture } from "@/components/picture";
import { useT } from "@/lib/i18n";
import { cardStyle } from "@/lib/site";
import { identityQueryOptions } from "../api";

/**
 * /about (docs/product.md §2): the owner's title and introduction (by default the show's name and
 * description) and their hosts, each with a photo when there is one. Everything is text.
 */
export function AboutView({ showName, showDescription }: { showName: string; showDescription: string }) {
  const about = useQuery(identityQueryOptions()).data?.about;
  const t = useT();
  // The owner's hosts, else the feed's; none at all is shown as none (nothing is made up).
  const hosts = about?.hosts ?? [];
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8">
      <BackLink />
      <h1 className="mt-6 text-4xl font-extrabold wrap-anywhere" dir="auto">
        {about?.title || <Trans id="about.defaultTitle" values={{ show: <>{showName}</> }} components={{ 0: <bdi /> }} />}
      </h1>
      <p dir="auto" className="mt-4 whitespace-pre-line text-lg leading-relaxed wrap-anywhere">
        {about?.intro || showDescription}
      </p>
      {hosts.length > 0 ? <h2 className="mt-10 text-2xl font-bold">{t("about.hostsHeading")}</h2> : null}
      <ul className="mt-4 grid gap-4 md:grid-cols-2" hidden={hosts.length === 0}>
        {hosts.map((host, index) => (
          <li key={`${host.name}-${index}`} className="card flex gap-4 p-6" style={cardStyle(0.2 + 0.1 * index)}>
            {host.photo ? (
              <div className="h-24 w-24 shrink-0">
                <Picture
                  path={host.photo}
                  kind="photo"
                  sizes="96px"
                  width={96}
                  alt={host.name}
                  className="h-24 w-24 rounded-full object-cover"
                />
              </div>
            ) : null}
            <div className="min-w-0">
              <h3 className="text-xl font-bold wrap-anywhere" dir="auto">
                {host.name}
              </h3>
              {host.role ? (
                <p className="mt-1 font-semibold wrap-anywhere" dir="auto">
                  {host.role}
                </p>
              ) : null}
              {host.bio ? (
                <p className="mt-3 whitespace-pre-line leading-relaxed wrap-anywhere" dir="auto">
                  {host.bio}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
