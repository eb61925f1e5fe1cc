import { createStore } from "@/lib/store";

/** docs/product.md §9: at most one toast at a time; a new one replaces the shown one. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
}

// The server's first paint shows no toast.
const store = createStore<{ current: ToastMessage | null }>({ current: null });
let nextId = 1;

export function toast(input: { title: string; description?: string; variant?: ToastMessage["variant"] }): void {
  store.set({ current: { id: nextId++, variant: "default", ...input } });
}

/**
 * The title the store keeps for a failure toast: the Toaster says it in the page's language
 * (`toast.errorTitle`); tests that read the store see 'Error'.
 */
export const ERROR_TITLE = "Error";

/** The failure toasts of docs/product.md §8: title 'Error', destructive style; `description` in the caller's words. */
export function toastError(description: string): void {
  toast({ title: ERROR_TITLE, description, variant: "destructive" });
}

export function dismissToast(id: number): void {
  if (store.get().current?.id === id) store.set({ current: null });
}

export function useCurrentToast(): ToastMessage | null {
  return store.use().current;
}
