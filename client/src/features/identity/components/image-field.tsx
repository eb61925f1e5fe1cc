import { useState } from "react";
import { ImageUploadButton } from "@/components/image-upload-button";
import { Picture } from "@/components/picture";
import type { PictureKind } from "@shared/pictures";

/**
 * One picture of the show: what is set now (or the local preview of a new upload), an upload
 * button, and a way to take it away. `value` is /objects/{id}, an upload address, or null.
 */
export function ImageField({
  id,
  label,
  hint,
  kind,
  value,
  onChange,
  empty,
}: {
  id: string;
  label: string;
  hint: string;
  /** What the site shows while there is none. */
  empty: string;
  kind: PictureKind;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const shown = preview ? (
    <img src={preview} alt={`${label}: the new image`} className="h-20 w-auto max-w-full rounded-lg object-cover" />
  ) : value?.startsWith("/objects/") ? (
    <Picture path={value} kind={kind} sizes="160px" width={160} alt={`${label}: the current image`} className="h-20 w-auto max-w-full rounded-lg object-cover" />
  ) : null;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <p id={`${id}-label`} className="field-label">
        {label}
      </p>
      <p className="field-hint">{hint}</p>
      <div className="flex flex-wrap items-center gap-3">
        {shown ?? <span className="text-sm">{empty}</span>}
        <ImageUploadButton
          label={`Upload ${label}`}
          id={id}
          title={`Upload ${label}`}
          uploadedToast={{ title: "Image uploaded", description: `Save to use it as the ${label.toLowerCase()}` }}
          onUploaded={(url, local) => {
            setPreview(local);
            onChange(url);
          }}
        />
        {value ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setPreview(null);
              onChange(null);
            }}
          >
            Remove {label}
          </button>
        ) : null}
      </div>
    </div>
  );
}
