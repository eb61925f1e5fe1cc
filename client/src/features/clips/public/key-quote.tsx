import { useT } from "@/lib/i18n";

/** A clip's key quote in quotation marks (docs/product.md "Clip page"), nothing when it has none; `as` the element it is said in. */
export function KeyQuote({ quote, as: Tag, className }: { quote: string; as: "blockquote" | "p"; className: string }) {
  const t = useT();
  if (!quote) return null;
  return (
    <Tag dir="auto" className={className}>
      {t("common.quoted", { text: quote })}
    </Tag>
  );
}
