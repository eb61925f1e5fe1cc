import { createStore } from "./store";

/**
 * Main-bundle state of the admin overlay (toasts and the login dialog, docs/product.md §2 "one more overlay
 * panel"). Only this tiny store ships to visitors; the overlay itself loads when first wanted.
 */
interface OverlayState {
  isWanted: boolean;
  isLoginOpen: boolean;
}

// The server's first paint has no overlay.
const store = createStore<OverlayState>({ isWanted: false, isLoginOpen: false });
const set = store.set;

/** Loads the overlay (toasts) without opening anything: admin pages call it on mount. */
export function wantAdminOverlay(): void {
  if (!store.get().isWanted) set({ isWanted: true });
}

export function openLoginDialog(): void {
  set({ isWanted: true, isLoginOpen: true });
}

export function setLoginDialogOpen(isLoginOpen: boolean): void {
  set({ isLoginOpen });
}

export function useAdminOverlayState(): OverlayState {
  return store.use();
}
