import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useFieldArray } from "react-hook-form";
import { ABOUT_LIMITS, type AboutContent, type Identity } from "@shared/identity";
import { aboutSchema } from "@shared/identity-schemas";
import { TextAreaField, TextField } from "@/components/ui/field";
import { BusyButton } from "@/components/ui/form-actions";
import { useStaleSave } from "@/components/admin/ui/save-entity";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { StaleNotice } from "@/components/admin/ui/stale-notice";
import { toast, toastError } from "@/components/ui/toast-store";
import { useUnsavedChanges } from "@/hooks/use-unsaved-changes";
import { isApiError } from "@/lib/api-client";
import { useAdminT } from "@/lib/i18n";
import { bindField, showServerErrors, useSchemaForm } from "@/lib/forms";
import { savedIdentityQueryOptions } from "../api";
import { useSaveAbout } from "./mutations";
import { ImageField } from "./image-field";
import { AdminCard } from "@/components/admin/ui/admin-card";

const NEW_HOST = { name: "", role: "", bio: "", photo: null };

/** The About page's words and hosts (one to four), saved together. */
export function AboutForm() {
  const t = useAdminT();
  // Fetched afresh: a page's copy may be older than the latest save (another tab's).
  const identity = useQuery(savedIdentityQueryOptions());
  const state = useSavedDataState(identity, { fresh: true });
  if (state === "ready" && identity.data) return <AboutLoaded identity={identity.data} onReload={() => identity.refetch()} />;
  return (
    <AdminCard id="about-form" title={t("adminIdentity.aboutTitle")}>
      <SavedDataStatus
        query={identity}
        state={state === "failed" ? "failed" : "loading"}
        failed={t("adminIdentity.aboutLoadFailed")}
        className="mt-4"
      />
    </AdminCard>
  );
}

/** A reload after a conflict starts the fields again from the version it brings (only a reload). */
function AboutLoaded({ identity, onReload }: { identity: Identity; onReload: () => Promise<unknown> }) {
  const [reloads, setReloads] = useState(0);
  return (
    <AboutFields
      key={reloads}
      initial={identity.about}
      version={identity.versions.about}
      onReload={() => void onReload().then(() => setReloads((n) => n + 1))}
    />
  );
}

function AboutFields({ initial, version: opened, onReload }: { initial: AboutContent; version: number; onReload: () => void }) {
  const t = useAdminT();
  const form = useSchemaForm(aboutSchema, { defaultValues: initial });
  const { errors } = form.formState;
  const hosts = useFieldArray({ control: form.control, name: "hosts" });
  const save = useSaveAbout();
  // A host's new photo is a change like any other: it is kept only with Save.
  useUnsavedChanges(form.formState.isDirty);
  const stale = useStaleSave();
  /** The version this form's words are based on: the one opened, then each one it saved. */
  const [version, setVersion] = useState(opened);
  const send = (about: AboutContent, based: number | undefined) =>
    save.mutate(
      { ...about, version: based },
      {
        onSuccess: (saved) => {
          setVersion(saved.versions.about);
          form.reset(saved.about);
          toast({ title: t("adminIdentity.aboutSavedTitle"), description: t("adminIdentity.aboutSavedDescription") });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === "STALE") return stale.onStale(() => send(about, undefined));
          showServerErrors(form, error);
          toastError(t("adminIdentity.aboutSaveFailed"));
        },
      },
    );
  const onSubmit = form.handleSubmit((about) => send(about, version));
  return (
    <AdminCard id="about-form" title={t("adminIdentity.aboutTitle")}>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField
          label={t("adminIdentity.titleLabel")}
          maxLength={ABOUT_LIMITS.title}
          {...bindField(form, "title")}
          hint={t("adminIdentity.titleHint")}
        />
        <TextAreaField
          label={t("adminIdentity.introLabel")}
          rows={4}
          maxLength={ABOUT_LIMITS.intro}
          {...bindField(form, "intro")}
          hint={t("adminIdentity.introHint")}
        />
        <fieldset className="space-y-4">
          <legend className="font-bold">{t("adminIdentity.hosts")}</legend>
          {hosts.fields.map((field, i) => (
            <fieldset key={field.id} className="space-y-3 rounded-lg border border-fg/30 p-4">
              <legend className="px-1 font-semibold">{t("adminIdentity.hostLegend", { number: i + 1 })}</legend>
              <TextField
                label={t("adminIdentity.hostName")}
                required
                maxLength={ABOUT_LIMITS.name}
                {...bindField(form, `hosts.${i}.name`)}
              />
              <TextField label={t("adminIdentity.hostRole")} maxLength={ABOUT_LIMITS.role} {...bindField(form, `hosts.${i}.role`)} />
              <TextAreaField
                label={t("adminIdentity.hostBio")}
                rows={3}
                maxLength={ABOUT_LIMITS.bio}
                {...bindField(form, `hosts.${i}.bio`)}
              />
              <Controller
                control={form.control}
                name={`hosts.${i}.photo`}
                render={({ field: photo }) => (
                  <ImageField
                    label={t("adminIdentity.photoLabel")}
                    hint={t("adminIdentity.photoHint")}
                    empty={t("adminIdentity.photoEmpty")}
                    kind="photo"
                    value={(photo.value as string | null | undefined) ?? null}
                    onChange={photo.onChange}
                    uploadedToast={{ title: t("adminIdentity.imageUploaded"), description: t("adminIdentity.photoUploadedDescription") }}
                  />
                )}
              />
              {hosts.fields.length > 1 ? (
                <button type="button" className="btn btn-ghost" onClick={() => hosts.remove(i)}>
                  {t("adminIdentity.removeHost", { number: i + 1 })}
                </button>
              ) : null}
            </fieldset>
          ))}
          {errors.hosts?.message ? (
            <p className="field-error" role="alert">
              {t("adminIdentity.hostsProblem", { problem: errors.hosts.message })}
            </p>
          ) : null}
          {hosts.fields.length < ABOUT_LIMITS.hosts ? (
            <button type="button" className="btn btn-ghost" onClick={() => hosts.append(NEW_HOST)}>
              {t("adminIdentity.addHost")}
            </button>
          ) : null}
        </fieldset>
        {stale.isStale ? <StaleNotice noun="About page" onReload={onReload} onOverwrite={stale.overwrite} /> : null}
        <BusyButton type="submit" isPending={save.isPending} busyLabel={t("adminIdentity.saving")}>
          {t("adminIdentity.saveAbout")}
        </BusyButton>
      </form>
    </AdminCard>
  );
}
