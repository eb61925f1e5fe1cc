import { useSingleMutation } from "@/lib/single-mutation";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AboutContent, Identity, SiteImages } from "@shared/identity";
import { apiClient } from "@/lib/api-client";

/** The About page and the show's pictures, as every page shows them. */
export const identityQueryOptions = () =>
  queryOptions({
    queryKey: ["identity"],
    queryFn: () => apiClient.get<Identity>("/api/identity"),
  });

function useSaveIdentity<Input>(path: string) {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (input: Input) => apiClient.put<Identity>(path, input),
    onSuccess: (identity) => queryClient.setQueryData(identityQueryOptions().queryKey, identity),
  });
}

export const useSaveAbout = () => useSaveIdentity<AboutContent & { version?: number }>("/api/identity/about");
export const useSaveImages = () => useSaveIdentity<Partial<SiteImages>>("/api/identity/images");

/** The owner's header banners, for the Banner of the pages that open with it. */
export function useBannerImages(): { desktop: string | null; mobile: string | null } {
  const images = useQuery(identityQueryOptions()).data?.images;
  return { desktop: images?.bannerDesktop ?? null, mobile: images?.bannerMobile ?? null };
}
