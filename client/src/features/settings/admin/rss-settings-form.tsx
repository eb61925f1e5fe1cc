import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { rssSettingsFormSchema, RSS_SETTING_KEYS } from "@shared/settings-schemas";
import { TextAreaField, TextField } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { toast, toastError } from "@/components/ui/toast-store";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { bindField, showServerErrors, useSchemaForm } from "@/lib/forms";
import { adminSettingsQueryOptions, type SettingValues } from "../api";
import { useSaveSettings } from "./mutations";
import { AdminCard } from "@/components/admin/ui/admin-card";

/** docs/product.md §2 "RSS Feed Management", filled from the stored settings; `children` below the form. */
export function RssSettingsCard({ children }: { children?: ReactNode }) {
  const settings = useQuery(adminSettingsQueryOptions());
  const state = useSavedDataState(settings);
  // Never empty fields in place of the saved ones: Update would write them (docs/product.md "The owner's work").
  return (
    <AdminCard id="rss" title="RSS Feed Management">
      {state === "ready" && settings.data ? (
        <RssSettingsForm initial={settings.data} />
      ) : (
        <SavedDataStatus
          query={settings}
          state={state === "failed" ? "failed" : "loading"}
          failed="The settings could not be loaded."
          className="mt-4"
        />
      )}
      {children}
    </AdminCard>
  );
}

function RssSettingsForm({ initial }: { initial: SettingValues }) {
  const form = useSchemaForm(rssSettingsFormSchema, {
    defaultValues: Object.fromEntries(RSS_SETTING_KEYS.map((key) => [key, initial[key] ?? ""])) as Record<
      (typeof RSS_SETTING_KEYS)[number],
      string
    >,
  });
  const save = useSaveSettings();
  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ title: "Settings saved", description: "Your settings have been updated successfully" });
      },
      onError: (error) => {
        showServerErrors(form, error);
        toastError("Failed to save settings");
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <TextField
        label="Main RSS Feed URL"
        type="url"
        {...bindField(form, "rss_url")}
        placeholder="https://"
        hint={
          initial.rss_url && form.watch("rss_url").trim() !== initial.rss_url
            ? "A new address: if it is another show's feed, its episodes are added beside the ones you have, and after its first sync the dashboard offers to remove the previous show's (never the ones you added yourself)."
            : undefined
        }
      />
      <TextField label="Feed Title" {...bindField(form, "podcast_title")} />
      <TextAreaField label="Feed Description" rows={3} {...bindField(form, "podcast_description")} />
      <TextAreaField
        label="Footer Content"
        rows={2}
        {...bindField(form, "footer_content")}
        hint="This footer will appear on all pages. HTML is supported."
      />
      <BusyButton type="submit" isPending={save.isPending} busyLabel="Saving...">
        Update RSS Settings
      </BusyButton>
    </form>
  );
}
