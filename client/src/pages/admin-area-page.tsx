import "@/admin.css";
import { useQuery } from "@tanstack/react-query";
import { useEffect, type ComponentType, type ReactNode } from "react";
import { Route, Switch, useLocation } from "wouter";
import { isAdminRoute, ROUTE_NAMES, ROUTES, type AdminRouteName } from "@shared/routes";
import { currentUserQueryOptions, isAdminUser } from "@/features/auth/api";
import { AdminLanguage, useAdminDocumentLanguage } from "@/features/languages/admin-language";
import { usePageTitle } from "@/hooks/use-page-title";
import { openLoginDialog, wantAdminOverlay } from "@/lib/admin-overlay-store";
import { AdminDashboardPage } from "./admin-dashboard-page";
import { AuditionsAdminPage } from "./auditions-admin-page";
import { AnalyticsAdminPage } from "./analytics-admin-page";
import { ClipsAdminPage } from "./clips-admin-page";
import { EditorsAdminPage } from "./editors-admin-page";
import { EpisodesAdminPage } from "./episodes-admin-page";
import { IdentityAdminPage } from "./identity-admin-page";
import { MessagesAdminPage } from "./messages-admin-page";
import { ProvidersAdminPage } from "./providers-admin-page";
import { PeopleWithAccessAdminPage } from "./people-with-access-admin-page";
import { useAdminT, useT } from "@/lib/i18n";

/** Each admin screen of the route table (shared/routes.ts); a route without its screen does not compile. */
const ADMIN_PAGES: Record<AdminRouteName, ComponentType> = {
  admin: AdminDashboardPage,
  adminProviders: ProvidersAdminPage,
  adminEpisodes: EpisodesAdminPage,
  adminClips: ClipsAdminPage,
  adminEditors: EditorsAdminPage,
  adminIdentity: IdentityAdminPage,
  adminAuditions: AuditionsAdminPage,
  adminAnalytics: AnalyticsAdminPage,
  adminMessages: MessagesAdminPage,
  adminPeople: PeopleWithAccessAdminPage,
};

/** The screens that say 'Loading...' while the session is checked; the others show nothing (docs/product.md §2). */
const LOADING_WHILE_CHECKED = new Set<AdminRouteName>(["admin", "adminProviders"]);

function Loading() {
  const t = useAdminT();
  return (
    <main id="main" className="p-8">
      <p role="status">{t("common.loading")}</p>
    </main>
  );
}

function AdminAccessRequired() {
  const t = useAdminT();
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <div className="card w-full p-8">
        <h1 className="text-2xl font-bold">{t("adminArea.accessRequired")}</h1>
        <p className="mt-3">{t("adminArea.pleaseLogin")}</p>
        <button type="button" className="btn mt-6" onClick={openLoginDialog}>
          {t("adminArea.login")}
        </button>
      </div>
    </main>
  );
}

/**
 * The one admin guard (docs/product.md §2, §6): the dashboard asks anyone else to log in, the
 * other screens send them to /. The server refuses their requests anyway (docs/product.md
 * "Admin only"); this only decides what the browser shows.
 */
function AdminGuard({ route, children }: { route: AdminRouteName; children: ReactNode }) {
  const t = useT();
  usePageTitle(t(ROUTES[route].label));
  const { data, isPending } = useQuery(currentUserQueryOptions());
  const [, navigate] = useLocation();
  const isAdmin = isAdminUser(data);
  const redirects = route !== "admin";
  useEffect(() => {
    if (!isPending && !isAdmin && redirects) navigate("/", { replace: true });
  }, [isPending, isAdmin, redirects, navigate]);
  if (isPending) return LOADING_WHILE_CHECKED.has(route) ? <Loading /> : null;
  if (!isAdmin) return redirects ? null : <AdminAccessRequired />;
  return children;
}

/** The admin area, one lazy chunk (docs/style.md); Uppy loads later still, with the upload dialog. */
export default function AdminAreaPage() {
  useEffect(wantAdminOverlay, []);
  const { data: user } = useQuery(currentUserQueryOptions());
  return (
    <AdminLanguage signedIn={isAdminUser(user)}>
      <AdminScreens />
    </AdminLanguage>
  );
}

function AdminScreens() {
  useAdminDocumentLanguage();
  return (
    <Switch>
      {ROUTE_NAMES.filter(isAdminRoute).map((name) => {
        const Screen = ADMIN_PAGES[name];
        return (
          <Route key={name} path={ROUTES[name].path}>
            <AdminGuard route={name}>
              <Screen />
            </AdminGuard>
          </Route>
        );
      })}
    </Switch>
  );
}
