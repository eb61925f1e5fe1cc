import { findPlatformIcon, GENERIC_PODCAST_ICON, type PlatformIcon } from "../provider-icons";

/** A platform's icon: its glyph in white on its brand colour, inline SVG (no icon font, no request). */
export function PlatformIconBadge({ icon, size = 24 }: { icon: PlatformIcon; size?: number }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full"
      style={{ width: size, height: size, backgroundColor: icon.hex }}
      data-icon={icon.id}
    >
      <svg viewBox={icon.viewBox} width={size * 0.58} height={size * 0.58} fill="#ffffff" focusable="false">
        <path d={icon.path} />
      </svg>
    </span>
  );
}

/**
 * docs/product.md §3: an /objects/ path is an uploaded image; anything else is an icon class name, shown
 * as that platform's icon, or the generic podcast icon when the name is not one we know.
 */
export function ProviderIcon({ icon, size = 24 }: { icon: string; size?: number }) {
  if (icon.startsWith("/objects/")) {
    return (
      <img
        src={icon}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded bg-white object-contain"
        style={{ width: size, height: size }}
      />
    );
  }
  return <PlatformIconBadge icon={findPlatformIcon(icon) ?? GENERIC_PODCAST_ICON} size={size} />;
}
