import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { toast, toastError } from "@/components/ui/toast-store";
import { currentUserQueryOptions, isAdminUser, useLogout } from "@/features/auth/api";
import { episodesQueryOptions } from "@/features/episodes/api";
import { EpisodesSummaryCard } from "@/features/episodes/components/episodes-summary-card";
import { RssSettingsCard } from "@/features/settings/components/rss-settings-form";
import { ThemeSelectorDialog } from "@/features/theme/components/theme-selector-dialog";
import { PAGE_LABELS } from "@shared/page-titles";
import { usePageTitle } from "@/hooks/use-page-title";
import { openLoginDialog } from "@/lib/admin-overlay-store";
import { paths } from "@/lib/paths";

/** SPEC.md §2 "Admin dashboard": loading, the login prompt for anyone else, or the dashboard. */
export function AdminDashboardPage() {
  usePageTitle(PAGE_LABELS.admin);
  const me = useQuery(currentUserQueryOptions());
  if (me.isPending) {
    return (
      <main id="main" className="p-8">
        <p role="status">Loading...</p>
      </main>
    );
  }
  if (!isAdminUser(me.data)) return <AdminAccessRequired />;
  return <Dashboard />;
}

function AdminAccessRequired() {
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <div className="card w-full p-8">
        <h1 className="text-2xl font-bold">Admin Access Required</h1>
        <p className="mt-3">Please login to access the admin dashboard.</p>
        <button type="button" className="btn mt-6" onClick={openLoginDialog}>
          Login as Admin
        </button>
      </div>
    </main>
  );
}

const QUICK_ACTIONS = [
  { label: "Manage Episodes", href: paths.adminEpisodes },
  { label: "Manage Video Clips", href: paths.adminClips },
  { label: "Manage Podcast Providers", href: paths.adminProviders },
  { label: "Manage Editors Page", href: paths.adminEditors },
];

function Dashboard() {
  const logout = useLogout();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [isThemeOpen, setIsThemeOpen] = useState(false);

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Logged out", description: "You have been logged out successfully" });
        navigate("/");
      },
      onError: () => toastError("Failed to log out"),
    });

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <p className="mt-1 text-lg">Manage podcast settings and content</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={paths.home} className="btn btn-ghost">
            View Site
          </Link>
          <button type="button" className="btn" onClick={onLogout} disabled={logout.isPending}>
            {logout.isPending ? "Logging out..." : "Logout"}
          </button>
        </div>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RssSettingsCard />
        <EpisodesSummaryCard />
        <section className="card p-6 lg:col-span-2" aria-labelledby="quick-actions-heading">
          <h2 id="quick-actions-heading" className="text-xl font-bold">
            Quick Actions
          </h2>
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {QUICK_ACTIONS.map((action) => (
              <Link key={action.href} href={action.href} className="btn btn-ghost justify-start">
                {action.label}
              </Link>
            ))}
            <button
              type="button"
              className="btn btn-ghost justify-start"
              onClick={() => void queryClient.refetchQueries({ queryKey: episodesQueryOptions().queryKey })}
            >
              Refresh Content Feed
            </button>
            <button type="button" className="btn btn-ghost justify-start" onClick={() => setIsThemeOpen(true)}>
              Change Site Theme
            </button>
            <a href="/api/backup" download className="btn btn-ghost justify-start">
              Download backup
            </a>
          </div>
        </section>
      </div>
      <ThemeSelectorDialog open={isThemeOpen} onOpenChange={setIsThemeOpen} />
    </main>
  );
}
