import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Footer } from "@/features/settings/components/footer";
import { AdminOverlayHost } from "./admin-overlay-host";
import { AboutPage } from "@/pages/about-page";
import { ClipPage } from "@/pages/clip-page";
import { EditorsPage } from "@/pages/editors-page";
import { HomePage } from "@/pages/home-page";
import { ListenPage } from "@/pages/listen-page";
import { NotFoundPage } from "@/pages/not-found-page";

// The admin area is its own chunk: nothing of it is in a visitor's download (STYLE.md).
const AdminArea = lazy(() => import("@/pages/admin-area-page"));

function AdminRoute() {
  return (
    <Suspense fallback={<p className="p-8" role="status">Loading...</p>}>
      <AdminArea />
    </Suspense>
  );
}

/** The route table of SPEC.md §2, exactly. */
export function App() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn">
        Skip to content
      </a>
      <div className="flex-1">
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/listen" component={ListenPage} />
          <Route path="/admin" component={AdminRoute} />
          <Route path="/providers" component={AdminRoute} />
          <Route path="/episodes" component={AdminRoute} />
          <Route path="/admin/clips" component={AdminRoute} />
          <Route path="/clips/:slug">{(params) => <ClipPage slug={params.slug} />}</Route>
          <Route path="/admin/editors" component={AdminRoute} />
          <Route path="/editors" component={EditorsPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </div>
      <Footer />
      <AdminOverlayHost />
    </div>
  );
}
