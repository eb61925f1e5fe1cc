import { useAdminT } from "@/lib/i18n";
import { findPlatformIcon, GENERIC_PODCAST_ICON, PLATFORM_ICONS } from "../provider-icons";
import { PlatformIconBadge } from "../public/provider-icon";

const isUploadedImage = (icon: string) => icon.startsWith("/objects/") || icon.includes("/api/objects/uploads/");

/**
 * The provider form's icon choice: the common platforms' icons as radio buttons, each
 * shown as it will look on the site. Choosing one stores its name as the provider's icon.
 */
export function IconPicker({ value, onChange }: { value: string; onChange: (icon: string) => void }) {
  const t = useAdminT();
  const selected = isUploadedImage(value) ? null : findPlatformIcon(value)?.id;
  return (
    <fieldset>
      <legend className="field-label">{t("iconPicker.choose")}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {PLATFORM_ICONS.map((icon) => (
          <label key={icon.id} className="icon-choice">
            <input
              type="radio"
              name="provider-icon-choice"
              value={icon.id}
              checked={selected === icon.id}
              onChange={() => onChange(icon.id)}
              className="icon-choice-input"
            />
            <PlatformIconBadge icon={icon} size={32} />
            <span className="text-center text-xs leading-tight">{icon.title}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the provider's icon will look like, with what the form understood it to be. */
export function IconPreview({ icon, previewUrl }: { icon: string; previewUrl?: string | null }) {
  const t = useAdminT();
  if (!icon) return null;
  const image = icon.startsWith("/objects/") ? icon : isUploadedImage(icon) ? previewUrl : null;
  if (image) {
    return (
      <figure className="flex items-center gap-3" data-testid="icon-preview">
        <img src={image} alt={t("iconPicker.uploadedIconAlt")} className="h-12 w-12 shrink-0 rounded bg-white object-contain p-1" />
        <figcaption className="text-sm">
          {icon.startsWith("/objects/") ? t("iconPicker.uploadedImage") : t("iconPicker.uploadedImageUnsaved")}
        </figcaption>
      </figure>
    );
  }
  if (isUploadedImage(icon)) {
    return <p className="badge badge-published">{t("iconPicker.imageUploadedUnsaved")}</p>;
  }
  const known = findPlatformIcon(icon);
  return (
    <figure className="flex items-center gap-3" data-testid="icon-preview">
      <PlatformIconBadge icon={known ?? GENERIC_PODCAST_ICON} size={48} />
      <figcaption className="min-w-0 text-sm wrap-anywhere">
        {known ? t("iconPicker.knownIcon", { name: known.title }) : t("iconPicker.unknownIcon", { icon })}
      </figcaption>
    </figure>
  );
}
