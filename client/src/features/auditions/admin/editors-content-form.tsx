import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AUDITION_PREFIX_MIN_LENGTH } from "@shared/auditions";
import { EDITORS_CONTENT_KEYS } from "@shared/settings";
import { editorsContentFormSchema } from "@shared/settings-schemas";
import { TextAreaField, TextField } from "@/components/ui/field";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { isApiError } from "@/lib/api-client";
import { useAdminT } from "@/lib/i18n";
import { bindField, showServerErrors, useSchemaForm } from "@/lib/forms";
import { adminSettingsQueryOptions, type SettingValues } from "@/features/settings/api";
import { useSaveSettings } from "@/features/settings/admin/mutations";
import { passwordStatusQueryOptions } from "../api";

/** One card of the form; `id` names its heading, whatever language the title is in. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card p-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

export function EditorsContentForm() {
  const t = useAdminT();
  const settings = useQuery(adminSettingsQueryOptions());
  const state = useSavedDataState(settings);
  // Never empty fields in place of the saved ones: Save All would write them (docs/product.md "The owner's work").
  if (state === "ready" && settings.data) return <EditorsContentFields initial={settings.data} />;
  return <SavedDataStatus query={settings} state={state === "failed" ? "failed" : "loading"} failed={t("adminEditors.loadFailed")} />;
}

/**
 * Save All (docs/product.md §7): the ten texts, plus the access password when a new one is typed
 * (it is write-only: blank keeps the stored one). One transaction on the server.
 */
function EditorsContentFields({ initial }: { initial: SettingValues }) {
  const t = useAdminT();
  const form = useSchemaForm(editorsContentFormSchema, {
    defaultValues: { ...Object.fromEntries(EDITORS_CONTENT_KEYS.map((k) => [k, initial[k] ?? ""])), editors_password: "" } as Record<
      (typeof EDITORS_CONTENT_KEYS)[number] | "editors_password",
      string
    >,
  });
  const passwordStatus = useQuery(passwordStatusQueryOptions());
  const save = useSaveSettings();
  const queryClient = useQueryClient();
  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(({ editors_password: newPassword, ...texts }) =>
    save.mutate(newPassword ? { ...texts, editors_password: newPassword } : texts, {
      onSuccess: () => {
        toast({ title: t("adminEditors.savedTitle"), description: t("adminEditors.savedDescription") });
        // What was saved is the form's new starting point (the password field is blank again).
        form.reset({ ...texts, editors_password: "" });
        void queryClient.invalidateQueries({ queryKey: passwordStatusQueryOptions().queryKey });
      },
      onError: (error) => {
        showServerErrors(form, error);
        // The prefix's rule (docs/product.md "No one can block or spoil the hand-in") is said in the toast too, beside the field.
        const passwordProblem = isApiError(error) ? error.errors?.find((e) => e.path === "editors_password")?.message : undefined;
        toastError(passwordProblem ? t("adminEditors.passwordRefused", { problem: passwordProblem }) : t("adminEditors.saveFailed"));
      },
    }),
  );

  const saveButton = (
    <BusyButton type="submit" isPending={save.isPending} busyLabel={t("adminEditors.saving")}>
      {t("adminEditors.save")}
    </BusyButton>
  );

  return (
    <form onSubmit={onSubmit} aria-label={t("adminEditors.formLabel")}>
      <div className="flex justify-end">{saveButton}</div>
      <div className="mt-4 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card id="card-introduction-text" title={t("adminEditors.introCard")}>
          <TextAreaField label={t("adminEditors.introLabel")} rows={8} {...bindField(form, "editors_intro")} />
        </Card>
        <Card id="card-job-requirements" title={t("adminEditors.requirementsCard")}>
          {([1, 2, 3] as const).map((n) => (
            <TextField key={n} label={t("adminEditors.bulletLabel", { number: n })} {...bindField(form, `editors_bullet_${n}`)} />
          ))}
        </Card>
        <Card id="card-access-settings" title={t("adminEditors.accessCard")}>
          <TextField
            label={t("adminEditors.passwordLabel")}
            type="password"
            autoComplete="new-password"
            {...bindField(form, "editors_password")}
            placeholder={t("adminEditors.passwordPlaceholder")}
            hint={
              <>
                <span data-testid="password-status">
                  {passwordStatus.isPending
                    ? t("adminEditors.passwordChecking")
                    : passwordStatus.data?.isSet
                      ? t("adminEditors.passwordSet")
                      : t("adminEditors.passwordNotSet")}
                </span>{" "}
                {t("adminEditors.passwordHint", { min: AUDITION_PREFIX_MIN_LENGTH })}
              </>
            }
          />
        </Card>
        <Card id="card-audition-files" title={t("adminEditors.filesCard")}>
          {([1, 2, 3] as const).map((n) => (
            <fieldset key={n} className="space-y-2">
              <legend className="font-bold">{t("adminEditors.fileLegend", { number: n })}</legend>
              <TextField label={t("adminEditors.fileNameLabel")} {...bindField(form, `editors_file_${n}_name`)} />
              <TextField
                label={t("adminEditors.fileUrlLabel")}
                type="url"
                {...bindField(form, `editors_file_${n}_url`)}
                placeholder="https://drive.google.com/..."
              />
            </fieldset>
          ))}
        </Card>
      </div>
      <div className="mt-6 flex justify-end">{saveButton}</div>
    </form>
  );
}
