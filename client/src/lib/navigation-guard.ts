import { navigate as browserNavigate, useBrowserLocation } from "wouter/use-browser-location";

/**
 * Nothing an admin typed is thrown away by a click (docs/product.md "The owner's work"): while a
 * form holds unsaved changes, leaving asks first: a link inside the app, Back and Forward, a
 * reload and closing the tab. Forms say when they hold changes with useUnsavedChanges.
 */
const dirty = new Set<symbol>();
/** The question, in the words of the forms' page (`leave.question`), as the last form to mark itself gave it. */
let leaveQuestion = "";

/** Whether leaving may go on: yes when nothing is unsaved, else as the admin answers. */
export function mayDiscard(): boolean {
  return dirty.size === 0 || window.confirm(leaveQuestion);
}

/** A Cancel in a form: when it holds changes, asks before they are thrown away. */
export function confirmDiscard(isUnsaved: boolean): boolean {
  return !isUnsaved || window.confirm(leaveQuestion);
}

/**
 * Marks one form's changes as unsaved (or saved again), with the question to ask before they are
 * thrown away; returns a way to take the mark away.
 */
export function markUnsaved(key: symbol, isUnsaved: boolean, question: string): () => void {
  leaveQuestion = question;
  if (isUnsaved) dirty.add(key);
  else dirty.delete(key);
  return () => dirty.delete(key);
}

/**
 * wouter's browser location with a guard on navigation: a link followed while a form is unsaved
 * asks first. Given to the app's <Router hook>.
 */
export function useGuardedLocation(): [string, typeof browserNavigate] {
  const [location] = useBrowserLocation();
  return [location, guardedNavigate];
}

function guardedNavigate(...args: Parameters<typeof browserNavigate>): void {
  if (mayDiscard()) browserNavigate(...args);
}

let installed = false;

/**
 * Back, Forward, reload and closing the tab. Installed before the router listens: a Back the
 * admin declines is stopped before wouter hears of it, and the address goes back to the page
 * they stayed on.
 */
export function installLeaveGuards(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  let current = location.pathname + location.search + location.hash;
  const remember = () => (current = location.pathname + location.search + location.hash);
  for (const event of ["pushState", "replaceState"]) addEventListener(event, remember);
  addEventListener("popstate", (event) => {
    if (mayDiscard()) {
      remember();
      return;
    }
    event.stopImmediatePropagation();
    history.pushState(history.state, "", current);
  });
  addEventListener("beforeunload", (event) => {
    if (dirty.size === 0) return;
    event.preventDefault();
    // Older browsers show the question only when a value is returned.
    event.returnValue = leaveQuestion;
  });
}
