/** Share links of the clip page (docs/product.md §9 "Share links"). */
export interface ShareTarget {
  url: string;
  title: string;
  keyQuote?: string | null;
}

const INSTAGRAM_HOME_URL = "https://www.instagram.com/";

/** X carries the key quote (in quotation marks) or, without one, the title. */
export function xShareUrl({ url, title, keyQuote }: ShareTarget): string {
  const quote = keyQuote?.trim();
  const text = quote ? `"${quote}"` : title;
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
}

export function facebookShareUrl({ url }: ShareTarget): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function linkedInShareUrl({ url }: ShareTarget): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
}

/** Instagram has no share endpoint for web links: it opens only its home page. */
export function instagramShareUrl(): string {
  return INSTAGRAM_HOME_URL;
}
