import { useEffect, useRef } from "react";
import { markUnsaved } from "@/lib/navigation-guard";

/**
 * While `isUnsaved`, leaving the page (a link, Back, reload, closing the tab) asks first
 * (lib/navigation-guard.ts). A form passes whether it holds changes that are not saved.
 */
export function useUnsavedChanges(isUnsaved: boolean): void {
  const key = useRef(Symbol("form"));
  useEffect(() => markUnsaved(key.current, isUnsaved), [isUnsaved]);
}
