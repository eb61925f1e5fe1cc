import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { useAdminT } from "@/lib/i18n";
import { adminSettingsQueryOptions, type SettingValues } from "../api";

/**
 * An admin card whose form starts from the saved settings: `form` is drawn only once they have
 * arrived, never empty fields in their place (a save would write them; docs/product.md "The
 * owner's work"); until then the card says they are loading, or that they could not be loaded.
 * `children` follow the form.
 */
export function SettingsCard({
  id,
  title,
  className,
  form,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  form: (settings: SettingValues) => ReactNode;
  children?: ReactNode;
}) {
  const t = useAdminT();
  const settings = useQuery(adminSettingsQueryOptions());
  const state = useSavedDataState(settings);
  return (
    <AdminCard id={id} title={title} className={className}>
      {state === "ready" && settings.data ? (
        form(settings.data)
      ) : (
        <SavedDataStatus
          query={settings}
          state={state === "failed" ? "failed" : "loading"}
          failed={t("settings.loadFailed")}
          className="mt-4"
        />
      )}
      {children}
    </AdminCard>
  );
}
