import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { LIMITS, providerSchema, type Provider } from "@shared/api";
import { UploadableLinkField } from "@/components/admin/image-upload-button";
import { TextField } from "@/components/ui/field";
import { EntityFormCard, useEntityForm } from "@/components/admin/ui/entity-form";
import { bindField, submitUnlessBlank, useSchemaForm } from "@/lib/forms";
import { useAdminT } from "@/lib/i18n";
import { providersQueryOptions } from "../api";
import { useProviderMutations } from "./mutations";
import { IconPicker, IconPreview } from "./icon-picker";

const EMPTY = { name: "", url: "", icon: "" };

/** docs/product.md §2 "Add New Provider" / "Edit Provider"; submits only when name, url and icon are set. */
export function ProviderForm({ editing, onDone }: { editing: Provider | null; onDone: () => void }) {
  // After a conflict, the provider as it is now: the fields start again from it.
  const [current, setCurrent] = useState(editing);
  const queryClient = useQueryClient();
  const reload = async () => {
    const fresh = (await queryClient.fetchQuery({ ...providersQueryOptions(), staleTime: 0 })).find((p) => p.id === editing?.id);
    if (fresh) setCurrent(fresh);
    else onDone();
  };
  return <ProviderFields key={current?.version ?? "new"} editing={current} onDone={onDone} onReload={() => void reload()} />;
}

function ProviderFields({ editing, onDone, onReload }: { editing: Provider | null; onDone: () => void; onReload: () => void }) {
  const t = useAdminT();
  const form = useSchemaForm(providerSchema, {
    defaultValues: editing ? { name: editing.name, url: editing.url, icon: editing.icon } : EMPTY,
  });
  const icon = form.watch("icon");
  /** The chosen image, read locally, so the form shows it before it is saved. */
  const [uploadPreview, setUploadPreview] = useState<string | null>(null);

  const setIcon = useCallback((value: string) => form.setValue("icon", value, { shouldValidate: form.formState.isSubmitted }), [form]);
  const onUploaded = useCallback(
    (uploaded: string, preview: string | null) => {
      setIcon(uploaded);
      setUploadPreview(preview);
    },
    [setIcon],
  );

  const entity = useEntityForm(form, {
    noun: "provider",
    editing,
    mutations: useProviderMutations(),
    focus: "name",
    empty: EMPTY,
    onDone,
    onReset: () => setUploadPreview(null),
  });
  const save = form.handleSubmit((input) => entity.save(input));
  const onSubmit = submitUnlessBlank(form, ["name", "url", "icon"], save);

  return (
    <EntityFormCard {...entity.card} busyLabels onSubmit={onSubmit} onReload={onReload}>
      <TextField label={t("providerForm.name")} dir="auto" maxLength={LIMITS.name} {...bindField(form, "name")} placeholder="Spotify" />
      <TextField label={t("providerForm.url")} type="url" maxLength={LIMITS.url} {...bindField(form, "url")} placeholder="https://" />
      <IconPicker value={icon} onChange={setIcon} />
      <UploadableLinkField
        label={t("providerForm.icon")}
        maxLength={LIMITS.icon}
        {...bindField(form, "icon")}
        placeholder="fab fa-spotify"
        hint={t("providerForm.iconHint")}
        upload={{
          label: t("providerForm.uploadIcon"),
          id: "provider-icon",
          title: t("providerForm.uploadIconTitle"),
          uploadedToast: { title: t("providerForm.iconUploaded"), description: t("providerForm.iconUploadedDescription") },
          onUploaded,
        }}
      >
        <IconPreview icon={icon} previewUrl={uploadPreview} />
      </UploadableLinkField>
    </EntityFormCard>
  );
}
