import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ThemeApplier } from "@/features/theme/public/theme-applier";
import { LanguageProvider, readPageI18n } from "@/lib/i18n";
import { PageContextProvider } from "@/lib/page-context";
import { createQueryClient } from "@/lib/query-client";
import { pageContextOf, readInitialData, seedQueryClient } from "./initial-data";

export function AppProviders({ children }: { children: ReactNode }) {
  const [{ queryClient, page, i18n }] = useState(() => {
    const data = readInitialData();
    const client = createQueryClient();
    seedQueryClient(client, data);
    return { queryClient: client, page: pageContextOf(data), i18n: readPageI18n() };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <PageContextProvider value={page}>
        <LanguageProvider i18n={i18n}>
          <ThemeApplier />
          {children}
        </LanguageProvider>
      </PageContextProvider>
    </QueryClientProvider>
  );
}
