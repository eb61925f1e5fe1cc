import { useSyncExternalStore } from "react";

/** docs/product.md §9: at most one toast at a time; a new one replaces the shown one. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
}

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: { title: string; description?: string; variant?: ToastMessage["variant"] }): void {
  current = { id: nextId++, variant: "default", ...input };
  emit();
}

/** The failure toasts of docs/product.md §8: title 'Error', destructive style. */
export function toastError(description: string): void {
  toast({ title: "Error", description, variant: "destructive" });
}

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null, // the server's first paint shows no toast
  );
}
