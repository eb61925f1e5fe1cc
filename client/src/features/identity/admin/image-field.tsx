import { useId, useState, type ReactNode } from "react";
import { ImageUploadButton } from "@/components/admin/image-upload-button";
import { Picture } from "@/components/picture";
import { fitOf, PICTURE_KINDS, type PictureKind } from "@shared/pictures";
import { useAdminT, useLocale, type AdminKey, type Translate } from "@/lib/i18n";

/** What the field held: its value and, for an upload not saved yet, its local preview. */
interface Held {
  value: string | null;
  preview: string | null;
}

/** A new upload, already the field's value: its local preview, its size when read, and what it replaced. */
interface Arrived {
  url: string;
  preview: string | null;
  size: { width: number; height: number } | null;
  previous: Held;
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

const THUMBNAIL = "h-20 w-auto max-w-full rounded-lg object-cover";

/**
 * Which picture a sentence is about, for the messages that name it within a sentence (a language
 * may write "the new photo" and "the new banner" differently): `{picture, select, ...}`.
 */
const PICTURE_NAMES: Record<PictureKind, string> = {
  photo: "photo",
  artwork: "artwork",
  "banner-desktop": "bannerDesktop",
  "banner-mobile": "bannerMobile",
  poster: "poster",
  icon: "icon",
};

/** The picture set now: the local preview of an upload not saved yet, the stored one, or none. */
function thumbnailOf(t: Translate<AdminKey>, label: string, kind: PictureKind, held: Held): ReactNode {
  if (held.preview) return <img src={held.preview} alt={t("adminIdentity.newImageAlt", { label })} className={THUMBNAIL} />;
  if (!held.value?.startsWith("/objects/")) return null;
  return (
    <Picture
      path={held.value}
      kind={kind}
      sizes="160px"
      width={160}
      alt={t("adminIdentity.currentImageAlt", { label })}
      className={THUMBNAIL}
    />
  );
}

/**
 * The upload that has just arrived, shown as the site will crop it, with a word when it is smaller
 * than the largest size it is shown at or of another shape, and the way back to the picture before.
 */
function ArrivedPicture({
  label,
  kind,
  arrived,
  onPutBack,
}: {
  label: string;
  kind: PictureKind;
  arrived: Arrived;
  onPutBack: () => void;
}) {
  const t = useAdminT();
  const locale = useLocale();
  const shape = PICTURE_KINDS[kind];
  const fit = arrived.size ? fitOf(kind, arrived.size.width, arrived.size.height) : null;
  const picture = PICTURE_NAMES[kind];
  // Pixels: written in the language's digits, never grouped ("2400 × 720").
  const pixels = new Intl.NumberFormat(locale, { useGrouping: false });
  return (
    <div
      className="space-y-2 rounded-lg border-2 border-fg/40 p-3"
      role="region"
      aria-label={t("adminIdentity.arrivedRegion", { picture })}
    >
      {arrived.preview ? (
        <img
          src={arrived.preview}
          alt={t("adminIdentity.arrivedAlt", { label })}
          className="w-full max-w-md rounded-lg object-cover"
          style={{ aspectRatio: `${shape.width} / ${shape.height}` }}
        />
      ) : null}
      {fit?.isCropped ? <p className="text-sm font-semibold">{t("adminIdentity.arrivedCropped", { picture })}</p> : null}
      {fit?.isSmall ? (
        <p className="text-sm font-semibold">
          {t("adminIdentity.arrivedSmall", {
            width: pixels.format(arrived.size!.width),
            height: pixels.format(arrived.size!.height),
            largestWidth: pixels.format(fit.largest.width),
            largestHeight: pixels.format(fit.largest.height),
          })}
        </p>
      ) : null}
      {arrived.previous.value ? (
        <button type="button" className="btn btn-ghost" onClick={onPutBack}>
          {t("adminIdentity.putBack", { picture })}
        </button>
      ) : null}
    </div>
  );
}

/**
 * One picture of the show: what is set now (or the local preview of a new upload), an upload
 * button, and a way to take it away. `value` is /objects/{id}, an upload address, or null. A new
 * upload becomes the value as soon as it arrives (docs/product.md "The owner's work": what Save
 * keeps, with no second confirmation to miss), shown as the site will crop it, with the previous
 * picture a click away until the next upload.
 */
export function ImageField({
  label,
  hint,
  kind,
  value,
  onChange,
  empty,
  uploadedToast,
}: {
  label: string;
  hint: string;
  /** What the site shows while there is none. */
  empty: string;
  kind: PictureKind;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Said when an upload arrives: where the picture now is and what keeps it. */
  uploadedToast: { title: string; description: string };
}) {
  const id = useId();
  const t = useAdminT();
  const picture = PICTURE_NAMES[kind];
  const [preview, setPreview] = useState<string | null>(null);
  const [arrived, setArrived] = useState<Arrived | null>(null);
  const change = (next: Held) => {
    setPreview(next.preview);
    setArrived(null);
    onChange(next.value);
  };
  const onUploaded = (url: string, local: string | null) => {
    setArrived({ url, preview: local, size: null, previous: { value, preview } });
    setPreview(local);
    onChange(url);
    if (local) void sizeOf(local).then((size) => setArrived((current) => (current?.url === url ? { ...current, size } : current)));
  };
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <p id={`${id}-label`} className="field-label">
        {label}
      </p>
      <p className="field-hint">{hint}</p>
      {arrived ? <ArrivedPicture label={label} kind={kind} arrived={arrived} onPutBack={() => change(arrived.previous)} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        {arrived ? null : (thumbnailOf(t, label, kind, { value, preview }) ?? <span className="text-sm">{empty}</span>)}
        <ImageUploadButton
          label={t("adminIdentity.upload", { picture })}
          id={id}
          title={t("adminIdentity.upload", { picture })}
          uploadedToast={uploadedToast}
          onUploaded={onUploaded}
        />
        {value ? (
          <button type="button" className="btn btn-ghost" onClick={() => change({ value: null, preview: null })}>
            {t("adminIdentity.remove", { picture })}
          </button>
        ) : null}
      </div>
    </div>
  );
}
