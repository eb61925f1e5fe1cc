import { useQueryClient } from "@tanstack/react-query";
import type { AboutContent, Identity, SiteImages } from "@shared/identity";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import { identityQueryOptions } from "../api";

function useSaveIdentity<Input>(path: string) {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (input: Input) => apiClient.put<Identity>(path, input),
    onSuccess: (identity) => queryClient.setQueryData(identityQueryOptions().queryKey, identity),
  });
}

export const useSaveAbout = () => useSaveIdentity<AboutContent & { version?: number }>("/api/identity/about");
export const useSaveImages = () => useSaveIdentity<Partial<SiteImages>>("/api/identity/images");
