import { useMemo, type ReactNode } from "react";
import { rssSettingsFormSchema, RSS_SETTING_KEYS } from "@shared/settings-schemas";
import { TextAreaField, TextField } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { bindField, showServerErrors, useSchemaForm } from "@/lib/forms";
import { useAdminT } from "@/lib/i18n";
import type { SettingValues } from "../api";
import { useSaveSettings } from "./mutations";
import { SettingsCard } from "./settings-card";

/** docs/product.md §2 "RSS Feed Management", filled from the stored settings; `children` below the form. */
export function RssSettingsCard({ children }: { children?: ReactNode }) {
  const t = useAdminT();
  return (
    <SettingsCard id="rss" title={t("rssSettings.title")} form={(settings) => <RssSettingsForm initial={settings} />}>
      {children}
    </SettingsCard>
  );
}

/**
 * The form follows the saved settings as they change (a feed's import fills the title and
 * description, taking another show's details replaces them): a field the owner has not touched
 * shows the saved value without a reload; one being typed in keeps what was typed.
 */
function RssSettingsForm({ initial }: { initial: SettingValues }) {
  const saved = useMemo(
    () => Object.fromEntries(RSS_SETTING_KEYS.map((key) => [key, initial[key] ?? ""])) as Record<(typeof RSS_SETTING_KEYS)[number], string>,
    [initial],
  );
  const form = useSchemaForm(rssSettingsFormSchema, { defaultValues: saved, values: saved, resetOptions: { keepDirtyValues: true } });
  const save = useSaveSettings();
  const t = useAdminT();
  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ title: t("settings.saved"), description: t("settings.savedDescription") });
      },
      onError: (error) => {
        showServerErrors(form, error);
        toastError(t("settings.saveFailed"));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4">
      <TextField
        label={t("rssSettings.feedUrl")}
        type="url"
        {...bindField(form, "rss_url")}
        placeholder="https://"
        hint={initial.rss_url && form.watch("rss_url").trim() !== initial.rss_url ? t("rssSettings.feedUrlChanged") : undefined}
      />
      <TextField label={t("rssSettings.feedTitle")} {...bindField(form, "podcast_title")} />
      <TextAreaField label={t("rssSettings.feedDescription")} rows={3} {...bindField(form, "podcast_description")} />
      <TextAreaField label={t("rssSettings.footer")} rows={2} {...bindField(form, "footer_content")} hint={t("rssSettings.footerHint")} />
      <BusyButton type="submit" isPending={save.isPending} busyLabel={t("rssSettings.saving")}>
        {t("rssSettings.update")}
      </BusyButton>
    </form>
  );
}
