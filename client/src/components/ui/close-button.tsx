import { useT } from "@/lib/i18n";

/** What a dialog's or a notice's close button carries: a × to see, and "Close" to hear (the × is hidden from screen readers). */
export function useCloseButton() {
  const t = useT();
  return { "aria-label": t("common.close"), children: <span aria-hidden="true">×</span> };
}
