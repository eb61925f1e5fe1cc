import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import type { UnlockAnswer } from "@shared/auditions";

/** The server checks the password and answers with the files and the code's hand-ins left (docs/product.md "Audition"). */
export function useUnlockAudition() {
  return useSingleMutation({
    mutationFn: (password: string) => apiClient.post<UnlockAnswer>("/api/editors/unlock", { password }),
  });
}
