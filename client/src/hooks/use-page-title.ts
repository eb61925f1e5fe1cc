import { useQuery } from "@tanstack/react-query";
import { pageTitle, siteNameOf } from "@shared/page-titles";
import { settingQueryOptions } from "@/features/settings/api";
import { useDocumentTitle } from "./use-document-title";

/** The site's name as the server names it (podcast_title, or the default). */
export function useSiteName(): string {
  return siteNameOf(useQuery(settingQueryOptions("podcast_title")).data);
}

/** The tab title, built as the server builds it for the same page (shared/page-titles.ts). */
export function usePageTitle(label?: string): void {
  useDocumentTitle(pageTitle(label, useSiteName()));
}
