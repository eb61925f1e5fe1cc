/**
 * The sizes and formats the site makes of an image it shows (docs/decisions/010-owner-images.md):
 * each kind has one shape (the image is cropped to it) and the widths its layouts use. A
 * variant lives at /objects/{id}/{kind}-{width}.{format}; the server makes them when the image
 * is put to use, and on first request otherwise. Pages ask for them with <picture> and srcset,
 * with width and height, so nothing shifts while they load.
 */
export const PICTURE_KINDS = {
  /** A host's photo on /about. */
  photo: { width: 1, height: 1, widths: [160, 320, 480] },
  /** The show's artwork: square, as podcast apps want it. */
  artwork: { width: 1, height: 1, widths: [192, 512, 1024] },
  /** The header banner on wide screens (1024 px and up) and below. */
  "banner-desktop": { width: 10, height: 3, widths: [1024, 1600, 2400] },
  "banner-mobile": { width: 10, height: 7, widths: [480, 800, 1200] },
  /** A video's poster, in the facade before the visitor presses play (9:16, as the clips are). */
  poster: { width: 9, height: 16, widths: [260, 520] },
  /** Icons from the artwork: the favicon, Apple's touch icon and the web app manifest's. */
  icon: { width: 1, height: 1, widths: [32, 180, 192, 512] },
} as const;

export type PictureKind = keyof typeof PICTURE_KINDS;
export const PICTURE_MIME = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" } as const;
export type PictureFormat = keyof typeof PICTURE_MIME;

/** The formats a kind is offered in: AVIF and WebP with a JPEG fallback; icons in PNG. */
export const formatsOf = (kind: PictureKind): readonly PictureFormat[] => (kind === "icon" ? ["png"] : ["avif", "webp", "jpeg"]);

const OBJECT_PATH = /^\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The object id of an image stored here (/objects/{id}), or null for anything else. */
export function objectIdOf(path: string | null | undefined): string | null {
  return path ? (OBJECT_PATH.exec(path)?.[1] ?? null) : null;
}

export const variantPath = (objectPath: string, kind: PictureKind, width: number, format: PictureFormat) =>
  `${objectPath}/${kind}-${width}.${format}`;

/** A variant's address taken apart, when it is one a kind offers. */
export function parseVariant(name: string): { kind: PictureKind; width: number; format: PictureFormat } | null {
  const dot = name.lastIndexOf(".");
  const dash = name.lastIndexOf("-", dot);
  if (dot < 0 || dash < 1) return null;
  const kind = name.slice(0, dash) as PictureKind;
  const widthText = name.slice(dash + 1, dot);
  const format = name.slice(dot + 1) as PictureFormat;
  const width = /^\d{2,4}$/.test(widthText) ? Number(widthText) : NaN;
  const spec = Object.hasOwn(PICTURE_KINDS, kind) ? PICTURE_KINDS[kind] : undefined;
  if (!spec || !(spec.widths as readonly number[]).includes(width) || !formatsOf(kind).includes(format)) return null;
  return { kind, width, format };
}

/** A variant's height, from its kind's shape. */
export const heightOf = (kind: PictureKind, width: number) => Math.round((width * PICTURE_KINDS[kind].height) / PICTURE_KINDS[kind].width);

/** The sources of a <picture>: one srcset per format, best first; the last format is the <img>'s. */
export function pictureSources(objectPath: string, kind: PictureKind): { type: string; srcSet: string }[] {
  return formatsOf(kind).map((format) => ({
    type: PICTURE_MIME[format],
    srcSet: PICTURE_KINDS[kind].widths.map((w) => `${variantPath(objectPath, kind, w, format)} ${w}w`).join(", "),
  }));
}

/**
 * How an image of `width` × `height` fits a kind, before it is used: whether it is smaller than
 * the kind's largest size (it will look soft where that size is shown) and whether its shape
 * differs from the kind's (it will be cropped, as the site crops it: the middle kept).
 */
export function fitOf(
  kind: PictureKind,
  width: number,
  height: number,
): { largest: { width: number; height: number }; isSmall: boolean; isCropped: boolean } {
  const spec = PICTURE_KINDS[kind];
  const largestWidth = Math.max(...spec.widths);
  const largest = { width: largestWidth, height: heightOf(kind, largestWidth) };
  const ratio = width / height;
  const wanted = spec.width / spec.height;
  return { largest, isSmall: width < largest.width || height < largest.height, isCropped: Math.abs(ratio - wanted) / wanted > 0.02 };
}
