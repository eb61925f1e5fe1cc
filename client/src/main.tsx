import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Router } from "wouter";
import { isAdminRoute, matchRoute } from "@shared/routes";
import { trimEnd } from "es-toolkit/string";
import { App } from "@/app/app";
import { AppProviders } from "@/app/providers";
import { preloadPage } from "@/app/public-pages";
import { installLeaveGuards, useGuardedLocation } from "@/lib/navigation-guard";
import "@/index.css";

// Before the router listens: a Back the admin declines (unsaved changes) never reaches it.
installLeaveGuards();

const app = (
  <StrictMode>
    <AppProviders>
      <Router hook={useGuardedLocation}>
        <App />
      </Router>
    </AppProviders>
  </StrictMode>
);

// Under `npm run dev` the page comes from Vite without its words: they are fetched first.
const wordsReady =
  import.meta.env.DEV && !document.getElementById("messages")
    ? import("./app/dev-language").then((m) => m.installDevMessages())
    : Promise.resolve();

void wordsReady.then(() => {
  const root = document.getElementById("root")!;
  const route = matchRoute(location.pathname.length > 1 ? trimEnd(location.pathname, "/") : location.pathname);

  if (root.firstElementChild) {
    // A public page the server rendered (docs/decisions/004-pages-filled-by-the-server.md): its
    // own chunk first, so the first render is the same page the server made, then Preact takes
    // over that markup as it is (hydration) instead of making it again, in one pass (decision
    // 021). What the visitor typed or focused in the meantime stays.
    const ready = route && !isAdminRoute(route.name) ? preloadPage(route.name) : Promise.resolve();
    void ready.catch(() => undefined).then(() => void hydrateRoot(root, app));
  } else {
    // The admin area (and a page whose server render failed): nothing to take over.
    createRoot(root).render(app);
  }
});
