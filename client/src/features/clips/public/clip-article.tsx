import { parseArticle } from "@shared/article";
import { useT } from "@/lib/i18n";

/** docs/product.md §2: paragraphs on blank lines; text before the first colon is a bold label, the rest in quotes. */
export function ClipArticle({ content }: { content: string }) {
  const t = useT();
  const paragraphs = parseArticle(content);
  if (paragraphs.length === 0) return null;
  return (
    <div className="flex flex-col gap-4 text-lg leading-relaxed wrap-anywhere">
      {paragraphs.map((p, i) =>
        p.kind === "labelled" ? (
          <p key={i} dir="auto">
            <strong>{t("clip.paragraphLabel", { label: p.label })}</strong>
            {p.text ? <> {t("common.quoted", { text: p.text })}</> : null}
          </p>
        ) : (
          <p key={i} dir="auto" className="whitespace-pre-line">
            {p.text}
          </p>
        ),
      )}
    </div>
  );
}
