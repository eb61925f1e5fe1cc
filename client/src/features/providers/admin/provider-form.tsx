import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { LIMITS, providerSchema, type Provider } from "@shared/api";
import { UploadableLinkField } from "@/components/admin/image-upload-button";
import { TextField } from "@/components/ui/field";
import { EntityFormCard, useEntityForm } from "@/components/admin/ui/entity-form";
import { bindField, submitUnlessBlank, useSchemaForm } from "@/lib/forms";
import { providersQueryOptions } from "../api";
import { useProviderMutations } from "./mutations";
import { IconPicker, IconPreview } from "./icon-picker";

const ICON_UPLOADED = { title: "Icon uploaded", description: "The provider icon has been uploaded successfully" };
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
      <TextField label="Name" dir="auto" maxLength={LIMITS.name} {...bindField(form, "name")} placeholder="Spotify" />
      <TextField label="URL" type="url" maxLength={LIMITS.url} {...bindField(form, "url")} placeholder="https://" />
      <IconPicker value={icon} onChange={setIcon} />
      <UploadableLinkField
        label="Icon"
        maxLength={LIMITS.icon}
        {...bindField(form, "icon")}
        placeholder="fab fa-spotify"
        hint="Pick an icon above, type an icon class name (fab fa-spotify, spotify), or upload an image (PNG, JPEG, GIF, WebP or SVG)."
        upload={{ label: "Upload Icon", id: "provider-icon", title: "Upload Provider Icon", uploadedToast: ICON_UPLOADED, onUploaded }}
      >
        <IconPreview icon={icon} previewUrl={uploadPreview} />
      </UploadableLinkField>
    </EntityFormCard>
  );
}
