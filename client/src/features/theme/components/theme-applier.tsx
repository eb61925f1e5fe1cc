import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { siteThemeQueryOptions } from "../api";
import { applyBodyTheme } from "../theme-style";

/** Applies the stored site theme to <body> for every visitor; renders nothing. */
export function ThemeApplier() {
  const { data, isSuccess } = useQuery(siteThemeQueryOptions());
  useEffect(() => {
    if (isSuccess) applyBodyTheme(document.body, data ?? null);
  }, [data, isSuccess]);
  return null;
}
