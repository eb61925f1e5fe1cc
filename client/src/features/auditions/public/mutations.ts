import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import type { AuditionFile } from "../api";

/** The server checks the password and answers with the files (docs/product.md "Audition"). */
export function useUnlockAudition() {
  return useSingleMutation({
    mutationFn: (password: string) => apiClient.post<{ files: AuditionFile[] }>("/api/editors/unlock", { password }),
  });
}
