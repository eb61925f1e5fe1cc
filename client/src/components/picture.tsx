import { heightOf, PICTURE_KINDS, pictureSources, variantPath, formatsOf, type PictureKind } from "@shared/pictures";

/**
 * An image the site keeps (/objects/{id}) in the sizes and formats made for its kind
 * (shared/pictures.ts): AVIF, then WebP, then JPEG, each at every width, the browser picking by
 * `sizes`. Width and height reserve its place, so nothing shifts while it loads.
 */
export function Picture({
  path,
  kind,
  sizes,
  alt,
  width,
  className,
  eager = false,
}: {
  path: string;
  kind: PictureKind;
  /** How wide it is drawn, for the browser's choice (e.g. "160px", "100vw"). */
  sizes: string;
  alt: string;
  /** The width it is drawn at; the height follows the kind's shape. */
  width: number;
  className?: string;
  eager?: boolean;
}) {
  const sources = pictureSources(path, kind);
  const fallback = formatsOf(kind).at(-1)!;
  const widths = PICTURE_KINDS[kind].widths;
  const src = variantPath(path, kind, widths.find((w) => w >= width) ?? widths.at(-1)!, fallback);
  return (
    <picture>
      {sources.slice(0, -1).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={src}
        srcSet={sources.at(-1)!.srcSet}
        sizes={sizes}
        alt={alt}
        width={width}
        height={heightOf(kind, width)}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
