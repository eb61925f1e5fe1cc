import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { useLogout } from "@/features/auth/mutations";
import { currentUserQueryOptions } from "@/features/auth/api";
import { isOwner } from "@/features/access/api";
import { HandInsQuickAction } from "@/features/auditions/admin/audition-list";
import { DraftEpisodesNotice } from "@/features/episodes/admin/draft-episodes-notice";
import { EpisodesSummaryCard } from "@/features/episodes/admin/episodes-summary-card";
import { FeedSyncPanel, RefreshFeedButton } from "@/features/feed/admin/feed-sync-panel";
import { RssSettingsCard } from "@/features/settings/admin/rss-settings-form";
import { SiteLanguageCard } from "@/features/settings/admin/site-language-form";
import { MyLanguageCard } from "@/features/languages/admin/my-language-form";
import { MessagesDashboardCard } from "@/features/messages/admin/message-list";
import { ThemeSelectorDialog } from "@/features/theme/admin/theme-selector-dialog";
import { ROUTES } from "@shared/routes";
import { useAdminT, type AdminKey } from "@/lib/i18n";

const QUICK_ACTIONS: { label: AdminKey; href: string }[] = [
  { label: "dashboard.viewAnalytics", href: ROUTES.adminAnalytics.path },
  { label: "dashboard.manageEpisodes", href: ROUTES.adminEpisodes.path },
  { label: "dashboard.manageClips", href: ROUTES.adminClips.path },
  { label: "dashboard.manageProviders", href: ROUTES.adminProviders.path },
  { label: "dashboard.manageEditors", href: ROUTES.adminEditors.path },
  { label: "dashboard.editAbout", href: ROUTES.adminIdentity.path },
  { label: "adminMessages.quickAction", href: ROUTES.adminMessages.path },
];
/** What only an owner sees (an editor's requests there are refused anyway: server/modules/auth/roles.ts). */
const OWNER_ACTIONS: { label: AdminKey; href: string }[] = [{ label: "dashboard.managePeople", href: ROUTES.adminPeople.path }];

/** The dashboard (docs/product.md §2), behind the admin area's guard. */
export function AdminDashboardPage() {
  const t = useAdminT();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const [isThemeOpen, setIsThemeOpen] = useState(false);
  const owner = isOwner(useQuery(currentUserQueryOptions()).data);

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t("dashboard.loggedOut"), description: t("dashboard.loggedOutDescription") });
        navigate("/");
      },
      onError: () => toastError(t("dashboard.logoutFailed")),
    });

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("route.admin")}</h1>
          <p className="mt-1 text-lg">{t("dashboard.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={ROUTES.home.path} className="btn btn-ghost">
            {t("dashboard.viewSite")}
          </Link>
          <BusyButton onClick={onLogout} isPending={logout.isPending} busyLabel={t("dashboard.loggingOut")}>
            {t("dashboard.logout")}
          </BusyButton>
        </div>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
        {owner ? (
          <RssSettingsCard>
            <FeedSyncPanel />
            <DraftEpisodesNotice />
          </RssSettingsCard>
        ) : (
          <AdminCard id="feed-sync" title={t("feedSync.title")} className="self-start">
            <FeedSyncPanel forOwner={false} titled={false} />
            <DraftEpisodesNotice />
          </AdminCard>
        )}
        <div className="flex flex-col gap-6">
          <EpisodesSummaryCard />
          <MessagesDashboardCard href={ROUTES.adminMessages.path} />
          {owner ? <SiteLanguageCard /> : null}
          <MyLanguageCard />
        </div>
        <section className="card p-6 lg:col-span-2" aria-labelledby="quick-actions-heading">
          <h2 id="quick-actions-heading" className="text-xl font-bold">
            {t("dashboard.quickActions")}
          </h2>
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[...QUICK_ACTIONS, ...(owner ? OWNER_ACTIONS : [])].map((action) => (
              <Link key={action.href} href={action.href} className="btn btn-ghost justify-start">
                {t(action.label)}
              </Link>
            ))}
            <HandInsQuickAction href={ROUTES.adminAuditions.path} className="btn btn-ghost justify-start" />
            <RefreshFeedButton />
            {owner ? (
              <>
                <button type="button" className="btn btn-ghost justify-start" onClick={() => setIsThemeOpen(true)}>
                  {t("dashboard.changeTheme")}
                </button>
                <a href="/api/backup" download className="btn btn-ghost justify-start">
                  {t("dashboard.downloadBackup")}
                </a>
              </>
            ) : null}
          </div>
        </section>
      </div>
      {owner ? <ThemeSelectorDialog open={isThemeOpen} onOpenChange={setIsThemeOpen} /> : null}
    </main>
  );
}
