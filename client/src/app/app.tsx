import { lazy, Suspense, useEffect } from "react";
import { Redirect, Route, Switch } from "wouter";
import { isAdminRoute, ROUTE_ALIASES, ROUTE_NAMES, ROUTES } from "@shared/routes";
import { AnalyticsCollector } from "@/features/analytics/public/collector-host";
import { AudioHost } from "@/features/player/public/audio-host";
import { Footer } from "@/features/settings/public/footer";
import { NotFoundPage } from "@/pages/not-found-page";
import { useT } from "@/lib/i18n";
import { AdminOverlayHost } from "./admin-overlay-host";
import { PublicPage } from "./public-pages";

// The admin area is its own chunk: nothing of it is in a visitor's download (docs/style.md).
const AdminArea = lazy(() => import("@/pages/admin-area-page"));

function AdminRoute() {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p className="p-8" role="status">
          {t("common.loading")}
        </p>
      }
    >
      <AdminArea />
    </Suspense>
  );
}

export function App() {
  const t = useT();
  // The browser's render has replaced the server's first paint: the page now answers keys and
  // clicks (the browser tests wait for this before they type).
  useEffect(() => {
    document.documentElement.dataset.appReady = "";
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 btn">
        {t("app.skipToContent")}
      </a>
      <div className="flex-1">
        <Switch>
          {ROUTE_NAMES.map((name) => (
            <Route key={name} path={ROUTES[name].path}>
              {(params) => (isAdminRoute(name) ? <AdminRoute /> : <PublicPage name={name} params={params} />)}
            </Route>
          ))}
          {/* Other spellings of a screen (/admin/episodes) lead to it, as the server's redirect does on a fresh load. */}
          {Object.entries(ROUTE_ALIASES).map(([path, name]) => (
            <Route key={path} path={path}>
              <Redirect to={ROUTES[name].path} replace />
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </div>
      <Footer />
      {/* One audio player for the whole visit: it keeps playing from page to page. */}
      <AudioHost />
      <AdminOverlayHost />
      <AnalyticsCollector />
    </div>
  );
}
