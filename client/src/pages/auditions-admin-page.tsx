import { ROUTES } from "@shared/routes";
import { AdminScreen } from "@/components/admin/admin-screen";
import { auditionFileUrl } from "@/features/auditions/api";
import { AuditionList } from "@/features/auditions/admin/audition-list";
import { PlayerControls } from "@/features/player/public/player-controls";

/**
 * /admin/auditions (docs/product.md "Audition hand-in"): every hand-in, played by the site's own
 * player (the file is read in ranges, so seeking in a long WAV is at once).
 */
export function AuditionsAdminPage() {
  return (
    <AdminScreen title="Audition Hand-ins" subtitle="Listen to each edit, compare them and decide.">
      <AuditionList
        player={(a) => (
          <PlayerControls
            withKeys={false}
            episode={{
              slug: `audition-${a.id}`,
              title: `${a.name}: ${a.fileName}`,
              audioUrl: auditionFileUrl(a.id),
              imagePath: null,
              durationSeconds: a.durationSeconds,
              showName: "Audition hand-in",
              pageHref: ROUTES.adminAuditions.path,
            }}
          />
        )}
      />
    </AdminScreen>
  );
}
