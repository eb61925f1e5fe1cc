import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ThemeApplier } from "@/features/theme/components/theme-applier";
import { createQueryClient } from "@/lib/query-client";
import { readInitialData, seedQueryClient } from "./initial-data";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedQueryClient(client, readInitialData());
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeApplier />
      {children}
    </QueryClientProvider>
  );
}
