import { useQuery } from "@tanstack/react-query";
import { useT } from "@/lib/i18n";
import { useCopyrightYear } from "@/lib/page-context";
import { DEFAULT_PODCAST_TITLE } from "@/lib/site";
import { settingQueryOptions } from "../api";

/**
 * docs/product.md §2: the admin's footer HTML, or a default copyright line. The server sanitises
 * footer_content on save and again when it answers (docs/product.md "Settings writes").
 */
export function Footer() {
  const footer = useQuery(settingQueryOptions("footer_content"));
  const title = useQuery(settingQueryOptions("podcast_title"));
  const year = useCopyrightYear();
  const t = useT();
  const html = footer.data?.trim();
  return (
    <footer className="border-t border-fg/20 px-4 py-8 text-center text-sm" aria-label={t("footer.label")}>
      {footer.isPending ? null : html ? (
        <div className="footer-content wrap-anywhere" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p>{t("footer.copyright", { year, show: title.data || DEFAULT_PODCAST_TITLE })}</p>
      )}
    </footer>
  );
}
