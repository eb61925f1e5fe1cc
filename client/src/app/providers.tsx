import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ThemeApplier } from "@/features/theme/public/theme-applier";
import { PageContextProvider } from "@/lib/page-context";
import { createQueryClient } from "@/lib/query-client";
import { pageContextOf, readInitialData, seedQueryClient } from "./initial-data";

export function AppProviders({ children }: { children: ReactNode }) {
  const [{ queryClient, page }] = useState(() => {
    const data = readInitialData();
    const client = createQueryClient();
    seedQueryClient(client, data);
    return { queryClient: client, page: pageContextOf(data) };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <PageContextProvider value={page}>
        <ThemeApplier />
        {children}
      </PageContextProvider>
    </QueryClientProvider>
  );
}
