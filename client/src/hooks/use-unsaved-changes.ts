import { useEffect, useRef } from "react";
import { useT } from "@/lib/i18n";
import { markUnsaved } from "@/lib/navigation-guard";

/**
 * While `isUnsaved`, leaving the page (a link, Back, reload, closing the tab) asks first
 * (lib/navigation-guard.ts), in the words of the form's page. A form passes whether it holds
 * changes that are not saved.
 */
export function useUnsavedChanges(isUnsaved: boolean): void {
  const key = useRef(Symbol("form"));
  const question = useT()("leave.question");
  useEffect(() => markUnsaved(key.current, isUnsaved, question), [isUnsaved, question]);
}
