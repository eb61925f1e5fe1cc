import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Router } from "wouter";
import { isAdminRoute, matchRoute } from "@shared/routes";
import { trimEndChar } from "@shared/strings";
import { App } from "@/app/app";
import { AppProviders } from "@/app/providers";
import { preloadPage } from "@/app/public-pages";
import { installLeaveGuards, useGuardedLocation } from "@/lib/navigation-guard";
import "./index.css";

// Before the router listens: a Back the admin declines (unsaved changes) never reaches it.
installLeaveGuards();

// The page's own chunk first, so the first render paints over the server's markup at once.
const route = matchRoute(location.pathname.length > 1 ? trimEndChar(location.pathname, "/") : location.pathname);
const ready = route && !isAdminRoute(route.name) ? preloadPage(route.name) : Promise.resolve();

void ready
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <AppProviders>
          <Router hook={useGuardedLocation}>
            <App />
          </Router>
        </AppProviders>
      </StrictMode>,
    ),
  );
