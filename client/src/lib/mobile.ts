/** docs/product.md §4, §9: mobile means under 768 px wide, or a phone or tablet device string. */
const MOBILE_MAX_WIDTH = 767;

const PHONE_OR_TABLET = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Tablet|Silk|Kindle/i;

export function isMobileDevice(width: number, userAgent: string): boolean {
  return width < MOBILE_MAX_WIDTH + 1 || PHONE_OR_TABLET.test(userAgent);
}
