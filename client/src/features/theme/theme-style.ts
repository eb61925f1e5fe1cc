import type { Theme } from "@shared/theme";
import { ALL_THEME_CLASSES, bodyTheme } from "@shared/theme-style";

// The colour rules are shared with the server, which puts the same theme on <body> before the
// page reaches the browser (server/services/page-shell.ts).
export * from "@shared/theme-style";

/** Applies a theme to the body: one theme class, the others removed, and the variables. */
export function applyBodyTheme(body: HTMLElement, theme: Theme | null): void {
  const { className, vars } = bodyTheme(theme);
  body.classList.remove(...ALL_THEME_CLASSES);
  if (className) body.classList.add(className);
  for (const [name, value] of Object.entries(vars)) body.style.setProperty(name, value);
}
