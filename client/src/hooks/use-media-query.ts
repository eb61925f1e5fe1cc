import { useSyncExternalStore } from "react";
import { isMobileDevice } from "@/lib/mobile";

function subscribeToResize(callback: () => void): () => void {
  window.addEventListener("resize", callback);
  return () => window.removeEventListener("resize", callback);
}

/** docs/product.md §4: mobile below 768 px or on a phone or tablet device string. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeToResize,
    () => isMobileDevice(window.innerWidth, navigator.userAgent),
    () => false,
  );
}
