import { lazy, Suspense, type ComponentType } from "react";
import { Route, Switch } from "wouter";
import { isAdminRoute, ROUTE_NAMES, ROUTES, type PublicRouteName } from "@shared/routes";
import { Footer } from "@/features/settings/components/footer";
import { AboutPage } from "@/pages/about-page";
import { ClipPage } from "@/pages/clip-page";
import { EditorsPage } from "@/pages/editors-page";
import { HomePage } from "@/pages/home-page";
import { ListenPage } from "@/pages/listen-page";
import { NotFoundPage } from "@/pages/not-found-page";
import { AdminOverlayHost } from "./admin-overlay-host";

// The admin area is its own chunk: nothing of it is in a visitor's download (docs/style.md).
const AdminArea = lazy(() => import("@/pages/admin-area-page"));

function AdminRoute() {
  return (
    <Suspense fallback={<p className="p-8" role="status">Loading...</p>}>
      <AdminArea />
    </Suspense>
  );
}

type Page = ComponentType<{ params: Record<string, string | undefined> }>;

/** Each public page of the route table (shared/routes.ts); a route without its page does not compile. */
const PUBLIC_PAGES: Record<PublicRouteName, Page> = {
  home: HomePage,
  about: AboutPage,
  listen: ListenPage,
  editors: EditorsPage,
  clip: ({ params }) => <ClipPage slug={params.slug ?? ""} />,
};

export function App() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn">
        Skip to content
      </a>
      <div className="flex-1">
        <Switch>
          {ROUTE_NAMES.map((name) => (
            <Route key={name} path={ROUTES[name].path} component={isAdminRoute(name) ? AdminRoute : PUBLIC_PAGES[name]} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </div>
      <Footer />
      <AdminOverlayHost />
    </div>
  );
}
