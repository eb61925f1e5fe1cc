import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

export interface AuditionFile {
  name: string;
  url: string;
}

/** The server checks the password and answers with the files (DESIGN.md "Audition"). */
export function useUnlockAudition() {
  return useMutation({
    mutationFn: (password: string) => apiClient.post<{ files: AuditionFile[] }>("/api/editors/unlock", { password }),
  });
}
