import { useId, useState } from "react";
import { ImageUploadButton } from "@/components/image-upload-button";
import { Picture } from "@/components/picture";
import { fitOf, PICTURE_KINDS, type PictureKind } from "@shared/pictures";

/** An uploaded image not yet put to use: its address, its local preview and its size, when read. */
interface Candidate {
  url: string;
  preview: string | null;
  size: { width: number; height: number } | null;
}

/** The natural size of an image the browser can show (a preview's data URL), or null. */
function sizeOf(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

/**
 * One picture of the show: what is set now (or the local preview of a new upload), an upload
 * button, and a way to take it away. `value` is /objects/{id}, an upload address, or null. A new
 * upload is first shown as the site will crop it, with a word when it is smaller than the
 * largest size it is shown at or of another shape, and is used only when the owner says so.
 */
export function ImageField({
  label,
  hint,
  kind,
  value,
  onChange,
  empty,
}: {
  label: string;
  hint: string;
  /** What the site shows while there is none. */
  empty: string;
  kind: PictureKind;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const shown = preview ? (
    <img src={preview} alt={`${label}: the new image`} className="h-20 w-auto max-w-full rounded-lg object-cover" />
  ) : value?.startsWith("/objects/") ? (
    <Picture
      path={value}
      kind={kind}
      sizes="160px"
      width={160}
      alt={`${label}: the current image`}
      className="h-20 w-auto max-w-full rounded-lg object-cover"
    />
  ) : null;
  const shape = PICTURE_KINDS[kind];
  const fit = candidate?.size ? fitOf(kind, candidate.size.width, candidate.size.height) : null;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <p id={`${id}-label`} className="field-label">
        {label}
      </p>
      <p className="field-hint">{hint}</p>
      {candidate ? (
        <div className="space-y-2 rounded-lg border-2 border-fg/40 p-3" role="region" aria-label={`New ${label.toLowerCase()}`}>
          {candidate.preview ? (
            <img
              src={candidate.preview}
              alt={`${label}: the new image, as the site will crop it`}
              className="w-full max-w-md rounded-lg object-cover"
              style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
            />
          ) : null}
          {fit?.isCropped ? (
            <p className="text-sm font-semibold">Its shape differs from the {label.toLowerCase()}'s: the site crops it as shown.</p>
          ) : null}
          {fit?.isSmall ? (
            <p className="text-sm font-semibold">
              It is {candidate.size!.width} × {candidate.size!.height}, smaller than the largest size it is shown at ({fit.largest.width} ×{" "}
              {fit.largest.height}): it may look soft on big screens.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn"
              onClick={() => {
                setPreview(candidate.preview);
                setCandidate(null);
                onChange(candidate.url);
              }}
            >
              Use this picture
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setCandidate(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {shown ?? <span className="text-sm">{empty}</span>}
        <ImageUploadButton
          label={`Upload ${label}`}
          id={id}
          title={`Upload ${label}`}
          uploadedToast={{ title: "Image uploaded", description: "Check how it looks, then choose 'Use this picture'" }}
          onUploaded={(url, local) => {
            setCandidate({ url, preview: local, size: null });
            if (local)
              void sizeOf(local).then((size) => setCandidate((current) => (current?.url === url ? { ...current, size } : current)));
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
