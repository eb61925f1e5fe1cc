import { QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { App } from "@/app/app";
import type { InitialData } from "@shared/initial-data";
import { seedQueryClient } from "@/app/initial-data";
import { createQueryClient } from "@/lib/query-client";

/**
 * The first paint of a public page, rendered on the server from the same components and the same
 * data the page carries (server/routes/pages.ts). The browser then renders the app over it with
 * createRoot, so the markup only has to look the same, not match node for node.
 */
export function render(url: string, data: InitialData): string {
  const client = createQueryClient();
  seedQueryClient(client, data);
  return renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath={url}>
        <App />
      </Router>
    </QueryClientProvider>,
  );
}
