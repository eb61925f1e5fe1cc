import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Identity } from "@shared/identity";
import { apiClient } from "@/lib/api-client";

/** The About page and the show's pictures, as every page shows them. */
export const identityQueryOptions = () =>
  queryOptions({
    queryKey: ["identity"],
    queryFn: () => apiClient.get<Identity>("/api/identity"),
  });

/**
 * The same, for the owner's forms: asked afresh at each opening and checked with the server, as a
 * copy the browser kept (stale-while-revalidate) may be older than the last save, and a save
 * from it would write that older copy back (docs/product.md "The owner's work").
 */
export const savedIdentityQueryOptions = () =>
  queryOptions({
    queryKey: identityQueryOptions().queryKey,
    queryFn: () => apiClient.getFresh<Identity>("/api/identity"),
    refetchOnMount: "always",
  });

/** The owner's header banners, for the Banner of the pages that open with it. */
export function useBannerImages(): { desktop: string | null; mobile: string | null } {
  const images = useQuery(identityQueryOptions()).data?.images;
  return { desktop: images?.bannerDesktop ?? null, mobile: images?.bannerMobile ?? null };
}
