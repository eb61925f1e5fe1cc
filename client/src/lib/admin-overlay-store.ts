import { useSyncExternalStore } from "react";

/**
 * Main-bundle state of the admin overlay (toasts and the login dialog, docs/product.md §2 "one more overlay
 * panel"). Only this tiny store ships to visitors; the overlay itself loads when first wanted.
 */
interface OverlayState {
  isWanted: boolean;
  isLoginOpen: boolean;
}

const INITIAL: OverlayState = { isWanted: false, isLoginOpen: false };
let state: OverlayState = INITIAL;
const listeners = new Set<() => void>();

function set(next: Partial<OverlayState>): void {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

/** Loads the overlay (toasts) without opening anything: admin pages call it on mount. */
export function wantAdminOverlay(): void {
  if (!state.isWanted) set({ isWanted: true });
}

export function openLoginDialog(): void {
  set({ isWanted: true, isLoginOpen: true });
}

export function setLoginDialogOpen(isLoginOpen: boolean): void {
  set({ isLoginOpen });
}

export function useAdminOverlayState(): OverlayState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => INITIAL, // the server's first paint has no overlay
  );
}
