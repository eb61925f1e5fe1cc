import { QueryClientProvider } from "@tanstack/react-query";
import type { Messages } from "@lingui/core";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { App } from "@/app/app";
import type { InitialData } from "@shared/initial-data";
import { pageContextOf, seedQueryClient } from "@/app/initial-data";
import { providePages } from "@/app/public-pages";
import { AboutPage } from "@/pages/about-page";
import { ArchivePage } from "@/pages/archive-page";
import { ClipPage } from "@/pages/clip-page";
import { EditorsPage } from "@/pages/editors-page";
import { WelcomePage } from "@/pages/welcome-page";
import { EpisodePage } from "@/pages/episode-page";
import { HomePage } from "@/pages/home-page";
import { ListenPage } from "@/pages/listen-page";
import { MessagePage } from "@/pages/message-page";
import { createI18n, LanguageProvider } from "@/lib/i18n";
import { PageContextProvider } from "@/lib/page-context";
import { PersonPage } from "@/pages/person-page";
import { createQueryClient } from "@/lib/query-client";

/**
 * The first paint of a public page, rendered on the server from the same components and the same
 * data the page carries (server/routes/pages.ts). The browser hydrates it (client/src/main.tsx):
 * the two renders must give the same markup, node for node.
 */
// The server renders synchronously: every page is at hand, none is loaded lazily.
providePages({
  home: HomePage,
  about: AboutPage,
  listen: ListenPage,
  editors: EditorsPage,
  clip: ClipPage,
  episode: EpisodePage,
  archive: ArchivePage,
  person: PersonPage,
  message: MessagePage,
  welcome: WelcomePage,
});

/**
 * `url`: the page's path and query, as the browser asked for it (the archive reads its page and
 * search); `language`: the site's language and its compiled words, the same the page carries.
 */
export function render(url: string, data: InitialData, language: { tag: string; messages: Messages }): string {
  const [path, search = ""] = url.split("?");
  const client = createQueryClient();
  seedQueryClient(client, data);
  return renderToString(
    <QueryClientProvider client={client}>
      <PageContextProvider value={pageContextOf(data)}>
        <LanguageProvider i18n={createI18n(language.tag, language.messages)}>
          <Router ssrPath={path} ssrSearch={search}>
            <App />
          </Router>
        </LanguageProvider>
      </PageContextProvider>
    </QueryClientProvider>,
  );
}
