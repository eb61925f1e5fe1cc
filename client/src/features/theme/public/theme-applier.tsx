import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { siteThemeQueryOptions } from "../api";

/**
 * Applies the stored site theme to <body> for every visitor; renders nothing. The server already
 * paints the stored theme on the page's <body> (its class and variables), so the theme the page
 * came with is left as it is, and the colour rules (theme-style.ts) load only when the theme
 * changes afterwards (the owner's preview and save), not on a visitor's page.
 */
export function ThemeApplier() {
  const { data, isSuccess } = useQuery(siteThemeQueryOptions());
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!isSuccess) return;
    const theme = JSON.stringify(data ?? null);
    if (shown.current === null && document.body.style.getPropertyValue("--bg-start")) {
      // The first theme seen is the one the server painted.
      shown.current = theme;
      return;
    }
    if (theme === shown.current) return;
    shown.current = theme;
    void import("../theme-style").then(({ applyBodyTheme }) => applyBodyTheme(document.body, data ?? null));
  }, [data, isSuccess]);
  return null;
}
