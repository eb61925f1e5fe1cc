import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { ROUTE_NAMES, isAdminRoute, type PublicRouteName } from "@shared/routes";
import { useT } from "@/lib/i18n";

/** A public page of the route table, given the route's parameters. */
export type Page = ComponentType<{ params: Record<string, string | undefined> }>;

/**
 * Each public page is a chunk of its own: a visitor downloads the page they open, not every page
 * of the site (e2e/js-budget.spec.ts holds what each page loads to 100 KB gzipped). A route
 * without its page does not compile.
 */
const loaders: Record<PublicRouteName, () => Promise<Page>> = {
  home: () => import("@/pages/home-page").then((m) => m.HomePage),
  about: () => import("@/pages/about-page").then((m) => m.AboutPage),
  listen: () => import("@/pages/listen-page").then((m) => m.ListenPage),
  editors: () => import("@/pages/editors-page").then((m) => m.EditorsPage),
  clip: () => import("@/pages/clip-page").then((m) => m.ClipPage),
  episode: () => import("@/pages/episode-page").then((m) => m.EpisodePage),
  archive: () => import("@/pages/archive-page").then((m) => m.ArchivePage),
  person: () => import("@/pages/person-page").then((m) => m.PersonPage),
  message: () => import("@/pages/message-page").then((m) => m.MessagePage),
  welcome: () => import("@/pages/welcome-page").then((m) => m.WelcomePage),
};

const loaded: Partial<Record<PublicRouteName, Page>> = {};
const lazyPages = Object.fromEntries(
  ROUTE_NAMES.filter((name): name is PublicRouteName => !isAdminRoute(name)).map((name) => [
    name,
    lazy(async () => ({ default: await loadPage(name) })),
  ]),
) as Record<PublicRouteName, LazyExoticComponent<Page>>;

async function loadPage(name: PublicRouteName): Promise<Page> {
  return (loaded[name] ??= await loaders[name]());
}

/**
 * Loads a page before the first render, so the browser's first render is the page the server
 * rendered (hydration needs the same markup), not a loading state.
 */
export async function preloadPage(name: PublicRouteName): Promise<void> {
  await loadPage(name);
}

/** The server's renderer has every page at hand (client/src/entry-server.tsx). */
export function providePages(pages: Record<PublicRouteName, Page>): void {
  Object.assign(loaded, pages);
}

export function PublicPage({ name, params }: { name: PublicRouteName; params: Record<string, string | undefined> }) {
  const t = useT();
  const Ready = loaded[name];
  if (Ready) return <Ready params={params} />;
  const Lazy = lazyPages[name];
  return (
    <Suspense
      fallback={
        <main id="main" className="p-8">
          <p role="status">{t("common.loading")}</p>
        </main>
      }
    >
      <Lazy params={params} />
    </Suspense>
  );
}
