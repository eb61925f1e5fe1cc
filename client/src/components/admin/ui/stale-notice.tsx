import { useAdminT, type AdminKey } from "@/lib/i18n";
import type { Noun } from "./save-entity";

/** What the notice says changed, for each form that shows it. */
const CHANGED: Record<Noun | "About page", AdminKey> = {
  episode: "staleNotice.episodeChanged",
  clip: "staleNotice.clipChanged",
  provider: "staleNotice.providerChanged",
  "About page": "staleNotice.aboutPageChanged",
};

/**
 * Shown in an edit form whose save met a newer version of the item (another tab, or a feed
 * sync): what was typed stays in the form; the admin chooses to load the other version (their
 * changes are dropped) or to save theirs over it.
 */
export function StaleNotice({
  noun,
  onReload,
  onOverwrite,
}: {
  noun: keyof typeof CHANGED;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const t = useAdminT();
  return (
    <div role="alert" className="rounded-lg border-2 border-fg/40 p-4">
      <p className="font-semibold">{t(CHANGED[noun])}</p>
      <p className="mt-1 text-sm">{t("staleNotice.stillInForm")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-ghost" onClick={onReload}>
          {t("staleNotice.loadOther")}
        </button>
        <button type="button" className="btn" onClick={onOverwrite}>
          {t("staleNotice.saveMine")}
        </button>
      </div>
    </div>
  );
}
