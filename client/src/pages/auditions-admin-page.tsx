import { ROUTES } from "@shared/routes";
import { AdminScreen } from "@/components/admin/admin-screen";
import { auditionFileUrl } from "@/features/auditions/api";
import { AuditionList } from "@/features/auditions/admin/audition-list";
import { PlayerControls } from "@/features/player/public/player-controls";
import { useAdminT } from "@/lib/i18n";

/**
 * /admin/auditions (docs/product.md "Audition hand-in"): every hand-in, played by the site's own
 * player (the file is read in ranges, so seeking in a long WAV is at once).
 */
export function AuditionsAdminPage() {
  const t = useAdminT();
  return (
    <AdminScreen title={t("route.adminAuditions")} subtitle={t("adminAuditions.subtitle")}>
      <AuditionList
        player={(a) => (
          <PlayerControls
            withKeys={false}
            episode={{
              slug: `audition-${a.id}`,
              title: t("adminAuditions.playerTitle", { name: a.name, file: a.fileName }),
              audioUrl: auditionFileUrl(a.id),
              imagePath: null,
              durationSeconds: a.durationSeconds,
              showName: t("adminAuditions.playerShowName"),
              pageHref: ROUTES.adminAuditions.path,
            }}
          />
        )}
      />
    </AdminScreen>
  );
}
