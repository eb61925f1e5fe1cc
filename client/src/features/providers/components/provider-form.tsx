import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from "react";
import { LIMITS, type Provider } from "@shared/api";
import { TextField } from "@/components/ui/field";
import { saveEntity } from "@/components/ui/save-entity";
import type { FieldErrors } from "@/lib/form-errors";
import { nextProviderSortOrder } from "@/lib/sort-order";
import { useProviderMutations } from "../api";
import { IconPicker, IconPreview } from "./icon-picker";
import { FormActions } from "@/components/ui/form-actions";

const IconUploadDialog = lazy(() => import("./icon-upload-dialog"));
const EMPTY = { name: "", url: "", icon: "" };

/** SPEC.md §2 "Add New Provider" / "Edit Provider"; submits only when name, url and icon are set. */
export function ProviderForm({ editing, providers, onDone }: { editing: Provider | null; providers: readonly Provider[]; onDone: () => void }) {
  const [values, setValues] = useState(() => (editing ? { name: editing.name, url: editing.url, icon: editing.icon } : EMPTY));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [hasOpenedUpload, setHasOpenedUpload] = useState(false);
  /** The chosen image, read locally, so the form shows it before it is saved. */
  const [uploadPreview, setUploadPreview] = useState<string | null>(null);
  const { create, update } = useProviderMutations();
  const isPending = create.isPending || update.isPending;

  useEffect(() => {
    if (editing) document.getElementById("provider-name")?.focus();
  }, [editing]);

  const onUploaded = useCallback((icon: string, preview: string | null) => {
    setValues((v) => ({ ...v, icon }));
    setUploadPreview(preview);
  }, []);

  const reset = () => {
    setValues(EMPTY);
    setUploadPreview(null);
    setErrors({});
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: values.name.trim(), url: values.url.trim(), icon: values.icon.trim() };
    // SPEC.md §5: otherwise nothing happens and no message shows.
    if (!input.name || !input.url || !input.icon) return;
    saveEntity({
      noun: "provider",
      editingId: editing?.id ?? null,
      createInput: { ...input, sortOrder: nextProviderSortOrder(providers) },
      updateInput: input,
      create,
      update,
      setErrors,
      onSaved: reset,
    });
  };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <section className="card p-6" aria-labelledby="provider-form-heading">
      <h2 id="provider-form-heading" className="text-xl font-bold">
        {editing ? "Edit Provider" : "Add New Provider"}
      </h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField id="provider-name" label="Name" dir="auto" maxLength={LIMITS.name} value={values.name} onChange={set("name")} error={errors.name} placeholder="Spotify" />
        <TextField id="provider-url" label="URL" type="url" maxLength={LIMITS.url} value={values.url} onChange={set("url")} error={errors.url} placeholder="https://" />
        <IconPicker value={values.icon} onChange={(icon) => setValues((v) => ({ ...v, icon }))} />
        <div>
          <TextField
            id="provider-icon"
            label="Icon"
            maxLength={LIMITS.icon}
            value={values.icon}
            onChange={set("icon")}
            error={errors.icon}
            placeholder="fab fa-spotify"
            hint="Pick an icon above, type an icon class name (fab fa-spotify, spotify), or upload an image (PNG, JPG or SVG)."
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setHasOpenedUpload(true);
                setIsUploadOpen(true);
              }}
            >
              Upload Icon
            </button>
            <IconPreview icon={values.icon} previewUrl={uploadPreview} />
          </div>
        </div>
        <FormActions
          submitLabel={editing ? (update.isPending ? "Updating..." : "Update Provider") : create.isPending ? "Adding..." : "Add Provider"}
          isPending={isPending}
          isEditing={!!editing}
          onCancel={reset}
        />
      </form>
      {hasOpenedUpload ? (
        <Suspense fallback={<p role="status">Loading...</p>}>
          <IconUploadDialog open={isUploadOpen} onOpenChange={setIsUploadOpen} onUploaded={onUploaded} />
        </Suspense>
      ) : null}
    </section>
  );
}
