import { lazy, Suspense, useEffect } from "react";
import { openLoginDialog, useAdminOverlayState } from "@/lib/admin-overlay-store";
import { createSequenceMatcher, LOGIN_SEQUENCE } from "@/lib/key-sequence";

const AdminOverlay = lazy(() => import("./admin-overlay"));

/** Arrow keys move sliders, carets and selections there: the shortcut listens everywhere else. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * In the main bundle: the ArrowUp ArrowUp ArrowDown ArrowDown listener (docs/product.md §2) and a lazy
 * mount of the overlay (login dialog and toasts) once the shortcut or an admin page wants it.
 */
export function AdminOverlayHost() {
  const { isWanted } = useAdminOverlayState();
  useEffect(() => {
    const match = createSequenceMatcher(LOGIN_SEQUENCE);
    const onKeyDown = (event: KeyboardEvent) => {
      // A key a control already used (the Listen menu's arrows, a slider's) is not part of the
      // shortcut, and starts it over: one key press never does two things.
      if (isEditable(event.target) || event.defaultPrevented) {
        match("");
        return;
      }
      if (match(event.key)) openLoginDialog();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <AdminOverlay />
    </Suspense>
  );
}
