import { useState } from "react";
import { Link, useLocation } from "wouter";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { useLogout } from "@/features/auth/mutations";
import { HandInsQuickAction } from "@/features/auditions/admin/audition-list";
import { DraftEpisodesNotice } from "@/features/episodes/admin/draft-episodes-notice";
import { EpisodesSummaryCard } from "@/features/episodes/admin/episodes-summary-card";
import { FeedSyncPanel, RefreshFeedButton } from "@/features/feed/admin/feed-sync-panel";
import { RssSettingsCard } from "@/features/settings/admin/rss-settings-form";
import { ThemeSelectorDialog } from "@/features/theme/admin/theme-selector-dialog";
import { ROUTES } from "@shared/routes";

const QUICK_ACTIONS = [
  { label: "View Analytics", href: ROUTES.adminAnalytics.path },
  { label: "Manage Episodes", href: ROUTES.adminEpisodes.path },
  { label: "Manage Video Clips", href: ROUTES.adminClips.path },
  { label: "Manage Podcast Providers", href: ROUTES.adminProviders.path },
  { label: "Manage Editors Page", href: ROUTES.adminEditors.path },
  { label: "Edit About Page & Pictures", href: ROUTES.adminIdentity.path },
];

/** The dashboard (docs/product.md §2), behind the admin area's guard. */
export function AdminDashboardPage() {
  const logout = useLogout();
  const [, navigate] = useLocation();
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
          <Link href={ROUTES.home.path} className="btn btn-ghost">
            View Site
          </Link>
          <BusyButton onClick={onLogout} isPending={logout.isPending} busyLabel="Logging out...">
            Logout
          </BusyButton>
        </div>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RssSettingsCard>
          <FeedSyncPanel />
          <DraftEpisodesNotice />
        </RssSettingsCard>
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
            <HandInsQuickAction href={ROUTES.adminAuditions.path} className="btn btn-ghost justify-start" />
            <RefreshFeedButton />
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
