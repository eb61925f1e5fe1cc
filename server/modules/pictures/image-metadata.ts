import type { Sharp } from "sharp";
import { lazily } from "../../platform/runtime/lazy-require";

const sharp = lazily<typeof import("sharp").default>("sharp");

/** No image the site shows needs more: a bigger one is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

type Image = { contentType: string; data: Buffer };

/**
 * A picture as the site keeps and serves it: a photo's EXIF (GPS position, camera, author), XMP,
 * IPTC and text chunks would go out to every visitor at /objects/{id}, so JPEG, PNG and WebP
 * are written again without them, the orientation turned into the pixels so the picture stays
 * the right way up, the colour profile kept. GIF is kept as it is, SVG is sanitised elsewhere.
 * Null when the bytes cannot be decoded (damaged, or over the pixel limit).
 */
export async function withoutMetadata(image: Image): Promise<Image | null> {
  const { contentType, data } = image;
  if (contentType !== "image/jpeg" && contentType !== "image/png" && contentType !== "image/webp") return image;
  try {
    const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
    const meta = await sharp()(data, options).metadata();
    const animated = (meta.pages ?? 1) > 1;
    // An animation keeps its frames (sharp turns no animation); a still is turned upright.
    const input = animated ? sharp()(data, { ...options, animated: true }) : sharp()(data, options).rotate();
    const out = encode(input.keepIccProfile(), contentType, data, meta.isPalette ?? false);
    return { contentType, data: await out.toBuffer() };
  } catch {
    return null;
  }
}

function encode(image: Sharp, contentType: "image/jpeg" | "image/png" | "image/webp", data: Buffer, isPalette: boolean): Sharp {
  switch (contentType) {
    case "image/jpeg":
      return image.jpeg({ quality: 92 });
    case "image/png":
      return image.png({ palette: isPalette });
    case "image/webp":
      // A lossless WebP (a VP8L chunk) stays lossless.
      return image.webp(data.includes("VP8L") ? { lossless: true } : { quality: 92 });
  }
}
