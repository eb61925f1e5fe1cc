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
import { bindField, showServerErrors, useSchemaForm } from "@/lib/forms";
import { adminSettingsQueryOptions, type SettingValues } from "@/features/settings/api";
import { useSaveSettings } from "@/features/settings/admin/mutations";
import { passwordStatusQueryOptions } from "../api";

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
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
  const settings = useQuery(adminSettingsQueryOptions());
  const state = useSavedDataState(settings);
  // Never empty fields in place of the saved ones: Save All would write them (docs/product.md "The owner's work").
  if (state === "ready" && settings.data) return <EditorsContentFields initial={settings.data} />;
  return (
    <SavedDataStatus query={settings} state={state === "failed" ? "failed" : "loading"} failed="The editors page could not be loaded." />
  );
}

/**
 * Save All (docs/product.md §7): the ten texts, plus the access password when a new one is typed
 * (it is write-only: blank keeps the stored one). One transaction on the server.
 */
function EditorsContentFields({ initial }: { initial: SettingValues }) {
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
        toast({ title: "Success", description: "All editors page content has been updated" });
        // What was saved is the form's new starting point (the password field is blank again).
        form.reset({ ...texts, editors_password: "" });
        void queryClient.invalidateQueries({ queryKey: passwordStatusQueryOptions().queryKey });
      },
      onError: (error) => {
        showServerErrors(form, error);
        // The prefix's rule (docs/product.md "No one can block or spoil the hand-in") is said in the toast too, beside the field.
        const passwordProblem = isApiError(error) ? error.errors?.find((e) => e.path === "editors_password")?.message : undefined;
        toastError(passwordProblem ? `Nothing was saved: the access password ${passwordProblem}.` : "Failed to save some settings");
      },
    }),
  );

  const saveButton = (
    <BusyButton type="submit" isPending={save.isPending} busyLabel="Saving...">
      Save All Changes
    </BusyButton>
  );

  return (
    <form onSubmit={onSubmit} aria-label="Editors page content">
      <div className="flex justify-end">{saveButton}</div>
      <div className="mt-4 grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card title="Introduction Text">
          <TextAreaField label="Main Description" rows={8} {...bindField(form, "editors_intro")} />
        </Card>
        <Card title="Job Requirements">
          {([1, 2, 3] as const).map((n) => (
            <TextField key={n} label={`Bullet Point ${n}`} {...bindField(form, `editors_bullet_${n}`)} />
          ))}
        </Card>
        <Card title="Access Settings">
          <TextField
            label="Access Password"
            type="password"
            autoComplete="new-password"
            {...bindField(form, "editors_password")}
            placeholder="Leave blank to keep the current password"
            hint={
              <>
                <span data-testid="password-status">
                  {passwordStatus.isPending
                    ? "Checking..."
                    : passwordStatus.data?.isSet
                      ? "An access password is set."
                      : "No access password is set yet."}
                </span>{" "}
                At least {AUDITION_PREFIX_MIN_LENGTH} characters; it is never shown again. Candidates unlock the files with it followed by
                their own digits (for example password42).
              </>
            }
          />
        </Card>
        <Card title="Audition Files">
          {([1, 2, 3] as const).map((n) => (
            <fieldset key={n} className="space-y-2">
              <legend className="font-bold">File {n}</legend>
              <TextField label="Display Name" {...bindField(form, `editors_file_${n}_name`)} />
              <TextField
                label="Google Drive URL"
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
