import { useCallback, useEffect, useRef, useState } from "react";
import { mayDiscard } from "@/lib/navigation-guard";

/**
 * The item an admin screen's form edits (providers, episodes, clips). `edit` remembers what had
 * focus, the row's Edit button; when the edit ends (saved, cancelled, or cancelled while the
 * item loads) the form goes back to add mode and focus goes back to that button, rather than
 * falling to the page's body with the edit form that had it.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const ended = useRef(false);
  const edit = useCallback((item: T) => {
    // Another item's edit replaces the form: what it holds unsaved is asked about first.
    if (!mayDiscard()) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(item);
  }, []);
  const done = useCallback(() => {
    ended.current = true;
    setEditing(null);
  }, []);
  useEffect(() => {
    if (editing !== null || !ended.current) return;
    ended.current = false;
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, [editing]);
  return { editing, edit, done };
}
