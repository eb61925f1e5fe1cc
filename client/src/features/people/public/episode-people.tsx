import { Trans } from "@lingui/react";
import { Link } from "wouter";
import type { EpisodePerson } from "@shared/api";
import { href } from "@shared/routes";
import { Picture } from "@/components/picture";
import { TitledSection } from "@/components/titled-section";
import { useT } from "@/lib/i18n";
import { roleLabel } from "@shared/people-roles";

/** A person's picture as the site keeps it, or their initial in its place, at one size so nothing shifts. */
export function PersonPicture({ person, size }: { person: Pick<EpisodePerson, "name" | "imagePath">; size: number }) {
  if (person.imagePath)
    return (
      <Picture
        path={person.imagePath}
        kind="photo"
        sizes={`${size}px`}
        width={size}
        alt=""
        className="shrink-0 rounded-full object-cover"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-fg/15 font-bold"
      style={{ width: size, height: size, fontSize: size / 2.5 }}
    >
      {Array.from(person.name)[0]?.toUpperCase()}
    </span>
  );
}

/** People shown at once; the rest behind 'Show all', so a crowd does not push the episode's notes far down. */
const AT_ONCE = 8;

function PersonLink({ person }: { person: EpisodePerson }) {
  const t = useT();
  return (
    <Link href={href.person(person.slug)} className="flex items-center gap-2 rounded-full bg-fg/10 py-1 pe-3 ps-1 hover:bg-fg/20">
      <PersonPicture person={person} size={32} />
      <span className="min-w-0">
        {/* The name as an element: the feed's words are never read as the message's tags. */}
        <Trans
          id="people.nameAndRole"
          values={{ name: <>{person.name}</>, role: roleLabel(person.role, t) }}
          components={{ 0: <span dir="auto" className="font-semibold wrap-anywhere" />, 1: <span className="text-sm" /> }}
        />
      </span>
    </Link>
  );
}

const list = (people: EpisodePerson[], from: number) => (
  <ul className="mt-2 flex flex-wrap gap-2">
    {people.map((person, i) => (
      <li key={`${person.slug}-${person.role}-${from + i}`}>
        <PersonLink person={person} />
      </li>
    ))}
  </ul>
);

/**
 * Who is in an episode (docs/product.md "Listening"): each person the feed names, with their
 * role and picture, linking to their page; past the first eight, behind 'Show all' (a <details>,
 * which works before the page's script has run).
 */
export function EpisodePeople({ people }: { people: EpisodePerson[] }) {
  const t = useT();
  if (people.length === 0) return null;
  return (
    <TitledSection id="people" title={t("people.inThisEpisode")} className="mt-6" headingClassName="text-lg font-bold">
      {list(people.slice(0, AT_ONCE), 0)}
      {people.length > AT_ONCE ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold underline">{t("people.showAll", { count: people.length })}</summary>
          {list(people.slice(AT_ONCE), AT_ONCE)}
        </details>
      ) : null}
    </TitledSection>
  );
}
