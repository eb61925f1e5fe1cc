import { useQuery } from "@tanstack/react-query";
import { BackLink } from "@/components/back-link";
import { settingQueryOptions } from "@/lib/settings-api";
import { usePageTitle } from "@/hooks/use-page-title";
import { cardStyle, DEFAULT_PODCAST_DESCRIPTION, DEFAULT_PODCAST_TITLE } from "@/lib/site";
import { ROUTES } from "@shared/routes";

const HOSTS = [
  {
    name: "The Physiotherapist",
    role: "Co-host · Physiotherapist",
    text: "Brings years of clinical work with people in pain, and what the science of pain says about recovery.",
  },
  {
    name: "The Special Education Specialist",
    role: "Co-host · Special Education Specialist",
    text: "Brings years of teaching learners who learn differently, and what that teaches about how anyone learns.",
  },
];

export function AboutPage() {
  const title = useQuery(settingQueryOptions("podcast_title")).data || DEFAULT_PODCAST_TITLE;
  const description = useQuery(settingQueryOptions("podcast_description")).data || DEFAULT_PODCAST_DESCRIPTION;
  usePageTitle(ROUTES.about.label);
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8">
      <BackLink />
      <h1 className="mt-6 text-4xl font-extrabold wrap-anywhere">
        About <bdi>{title}</bdi>
      </h1>
      <p dir="auto" className="mt-4 text-lg leading-relaxed wrap-anywhere">
        {description}
      </p>
      <h2 className="mt-10 text-2xl font-bold">Your hosts</h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {HOSTS.map((host, index) => (
          <li key={host.name} className="card p-6" style={cardStyle(0.2 + 0.1 * index)}>
            <h3 className="text-xl font-bold">{host.name}</h3>
            <p className="mt-1 font-semibold">{host.role}</p>
            <p className="mt-3 leading-relaxed">{host.text}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
